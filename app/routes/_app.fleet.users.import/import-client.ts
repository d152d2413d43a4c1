/** @module Browser side of the user import: `POST /api/users/import[/uuid]` through the shared import stream (app/lib/import-stream.ts). */
import { type ImportOutcome, type ProgressLine, runImportStream } from '../../lib/import-stream';

export type Variant = 'standard' | 'uuid';

export interface ImportSummary {
  rows: number;
  created: number;
  rfids_created: number;
  rfids_assigned: number;
  dry_run: boolean;
}

/** Runs one import call (a check with dryRun, or the real import) and reports progress as it streams. */
export function runImport(
  file: File,
  variant: Variant,
  dryRun: boolean,
  onProgress: (p: ProgressLine) => void,
): Promise<ImportOutcome<ImportSummary>> {
  const path = variant === 'uuid' ? '/api/users/import/uuid' : '/api/users/import';
  return runImportStream<ImportSummary>(path, file, dryRun, onProgress);
}
