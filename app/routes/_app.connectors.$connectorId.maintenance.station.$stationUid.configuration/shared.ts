/** @module What the configuration page's server module and its components share (no server code). */

export const TABS = ['configuration', 'diagnostics', 'firmware'] as const;
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
