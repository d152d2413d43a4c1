/** @module What the configuration page's server module and its components share (no server code). */
import type { AnswerOf, Api } from '../../lib/api.server';

export const TABS = ['configuration', 'diagnostics', 'firmware', 'certificates'] as const;
export type Tab = (typeof TABS)[number];

export interface ConfigurationKey {
  key: string;
  value?: string;
  readonly: boolean;
}
export const FILES_PER_PAGE = 25;

/** The API's answers, read from its route definitions (ADR 041). */
type Station = Api['client']['api']['stations'][':uid'];
/** A command's outcome: the charge point's answer (or why nothing was sent). */
export type CommandAnswer = AnswerOf<Station['set-configuration']['$post']>;
/** The last diagnostics upload or firmware installation the station reported. */
export type Progress = AnswerOf<Station['get-diagnostics-status']['$get']>;
/** One page of the files a station uploaded (diagnostics) or can install (firmware). */
export type FileList = AnswerOf<Station['get-diagnostics-list']['$get']>;
export type FileRow = FileList['data'][number];
/** The certificates the built-in CA issued to the station (GET stations/{uid}/certificates). */
export type Certificates = AnswerOf<Station['certificates']['$get']>;
export type IssuedCertificate = Certificates['certificates'][number];
