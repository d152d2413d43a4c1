/** @module What the configuration page's server module and its components share (no server code). */

export const TABS = ['configuration', 'diagnostics', 'firmware', 'certificates'] as const;
export type Tab = (typeof TABS)[number];

export interface ConfigurationKey {
  key: string;
  value?: string;
  readonly: boolean;
}
export interface CommandAnswer {
  action: string;
  status: string;
  succeeded: boolean;
  reply: Record<string, unknown>;
}
export interface Progress {
  status: string | null;
  received_at: string | null;
  connected: boolean;
}
export interface FileRow {
  filename: string;
  size: number;
  content_type: string | null;
  created_at: string;
}
export interface FileList {
  data: FileRow[];
  total: number;
  page: number;
  limit: number;
}

export const FILES_PER_PAGE = 25;

/** A certificate the built-in CA issued to the station (GET stations/{uid}/certificates). */
export interface IssuedCertificate {
  serial: string;
  subject: string;
  not_before: string;
  not_after: string;
  key_type: string;
  status: 'Pending' | 'Accepted' | 'Rejected' | 'Timeout' | 'Offline' | 'Error';
  error: string | null;
  revoked_at: string | null;
  revocation_reason: string | null;
}
export interface Certificates {
  certificate_authority: 'none' | 'external' | 'built-in';
  certificates: IssuedCertificate[];
}
