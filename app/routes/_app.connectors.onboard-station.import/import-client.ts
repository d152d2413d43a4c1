/**
 * @module Browser side of the online-station import: sends the file to `POST /api/stations/import`
 * asking for the progress stream (NDJSON) and reports each line. The answer that created stations is
 * the only place their passwords exist; the page keeps them in memory until it is left.
 */

export interface ImportIssue {
  row: number;
  column: string;
  value: string;
  message: string;
}

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

export type ImportOutcome =
  | { kind: 'ok'; summary: ImportSummary }
  | { kind: 'invalid'; message: string; errors: ImportIssue[] }
  | { kind: 'failed'; message: string };

export interface ProgressLine {
  phase: 'upload' | 'read' | 'validate' | 'apply';
  done: number;
  total: number;
}

type ResultBody = ImportSummary & { 'error-msg'?: string; errors?: ImportIssue[] };
type Line = ({ type: 'progress' } & ProgressLine) | { type: 'result'; status: number; body: ResultBody };

function outcomeOf(status: number, body: ResultBody): ImportOutcome {
  if (status === 200) return { kind: 'ok', summary: body };
  if (status === 422 && body.errors) return { kind: 'invalid', message: body['error-msg'] ?? '', errors: body.errors };
  return { kind: 'failed', message: body['error-msg'] ?? '' };
}

export async function runStationImport(
  file: File,
  dryRun: boolean,
  onProgress: (p: ProgressLine) => void,
): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file);
  onProgress({ phase: 'upload', done: 0, total: 1 });
  const res = await fetch(`/api/stations/import${dryRun ? '?dry_run=true' : ''}`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/x-ndjson' },
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/x-ndjson') || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { 'error-msg'?: string };
    return { kind: 'failed', message: body['error-msg'] ?? String(res.status) };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let outcome: ImportOutcome | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const text = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!text) continue;
      const line = JSON.parse(text) as Line;
      if (line.type === 'progress') onProgress({ phase: line.phase, done: line.done, total: line.total });
      else outcome = outcomeOf(line.status, line.body);
    }
    if (done) break;
  }
  return outcome ?? { kind: 'failed', message: '' };
}
