/**
 * @module Browser side of the online-station import: `POST /api/stations/import` through the shared
 * import stream (app/lib/import-stream.ts). The answer that created stations is the only place their
 * passwords exist; the page keeps them in memory until it is left.
 */
import { type ImportOutcome, type ProgressLine, runImportStream } from '../../lib/import-stream';

export interface Credential {
  row: number;
  ocppId: string;
  password: string;
  path: string;
}

export interface ImportSummary {
  dry_run: boolean;
  rows: number;
  created: number;
  stations: { row: number; id: number; uid: string; name: string; template: string }[];
  credentials: Credential[];
}

export function runStationImport(
  file: File,
  dryRun: boolean,
  onProgress: (p: ProgressLine) => void,
): Promise<ImportOutcome<ImportSummary>> {
  return runImportStream<ImportSummary>('/api/stations/import', file, dryRun, onProgress);
}
