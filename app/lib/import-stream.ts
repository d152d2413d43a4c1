/**
 * @module Browser side of the spreadsheet imports (users, online stations): sends the file to the
 * import endpoint asking for the progress stream (NDJSON), reports each progress line, answers the
 * outcome of the final result line, and builds the downloadable error report (.xlsx with the
 * product's XLSX writer, which neutralises formula-looking text).
 */
import { xlsxStream } from '../../domain/export/xlsx';

export interface ImportIssue {
  row: number;
  column: string;
  value: string;
  message: string;
}

export type ImportOutcome<Summary> =
  | { kind: 'ok'; summary: Summary }
  | { kind: 'invalid'; message: string; errors: ImportIssue[] }
  | { kind: 'failed'; message: string };

export interface ProgressLine {
  phase: 'upload' | 'read' | 'validate' | 'apply';
  done: number;
  total: number;
}

type ResultBody<Summary> = Summary & { 'error-msg'?: string; errors?: ImportIssue[] };
type Line<Summary> =
  | ({ type: 'progress' } & ProgressLine)
  | { type: 'result'; status: number; body: ResultBody<Summary> };

function outcomeOf<Summary>(status: number, body: ResultBody<Summary>): ImportOutcome<Summary> {
  if (status === 200) return { kind: 'ok', summary: body };
  if (status === 422 && body.errors) {
    return { kind: 'invalid', message: body['error-msg'] ?? '', errors: body.errors };
  }
  return { kind: 'failed', message: body['error-msg'] ?? '' };
}

/** Runs one import call to `path` (a check with dryRun, or the real import), reporting progress as it streams. */
export async function runImportStream<Summary>(
  path: string,
  file: File,
  dryRun: boolean,
  onProgress: (p: ProgressLine) => void,
): Promise<ImportOutcome<Summary>> {
  const form = new FormData();
  form.append('file', file);
  onProgress({ phase: 'upload', done: 0, total: 1 });
  const res = await fetch(`${path}${dryRun ? '?dry_run=true' : ''}`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/x-ndjson' },
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/x-ndjson') || !res.body) {
    // Refused before the import ran (logged out, body too large, forbidden): the API's error shape.
    const body = (await res.json().catch(() => ({}))) as { 'error-msg'?: string };
    return { kind: 'failed', message: body['error-msg'] ?? String(res.status) };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let outcome: ImportOutcome<Summary> | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const text = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!text) continue;
      const line = JSON.parse(text) as Line<Summary>;
      if (line.type === 'progress') onProgress({ phase: line.phase, done: line.done, total: line.total });
      else outcome = outcomeOf(line.status, line.body);
    }
    if (done) break;
  }
  return outcome ?? { kind: 'failed', message: '' };
}

/** The error report as an .xlsx download: row, column, value, message. */
export async function downloadReport(errors: ImportIssue[], headers: [string, string, string, string], name: string) {
  const stream = xlsxStream(
    [
      { header: headers[0], width: 8 },
      { header: headers[1], width: 20 },
      { header: headers[2], width: 30 },
      { header: headers[3], width: 70 },
    ],
    errors.map((e) => [e.row, e.column, e.value, e.message]),
    { sheetName: 'Errors' },
  );
  const blob = await new Response(stream).blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
