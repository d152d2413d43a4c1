/**
 * @module The answer of a spreadsheet import endpoint (ADR 022, 035): JSON, or with
 * `Accept: application/x-ndjson` progress lines `{type:"progress",phase,done,total}` ending with
 * `{type:"result",status,body}`, which app/lib/import-stream.ts reads. The same shape as the user
 * and station imports, for imports that come after them.
 */

import type { RowIssue } from '@domain/import/users-import';
import type { Language } from '@i18n/languages';
import { type MessageKey, translate } from '@i18n/messages';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';
import { requestLanguage } from './language';

export type ImportPhase = 'read' | 'validate' | 'apply';
export type ImportProgress = (phase: ImportPhase, done: number, total: number) => Promise<void>;
export type ImportOutcome = { status: ContentfulStatusCode; body: object };

/** Runs the import and answers it; `name` names it in the log of an unexpected failure (never the file). */
export function answerImport(
  c: Context<AppEnv>,
  name: string,
  run: (progress: ImportProgress) => Promise<ImportOutcome>,
) {
  c.header('cache-control', 'no-store');
  if (!(c.req.header('accept') ?? '').includes('application/x-ndjson')) {
    return run(async () => undefined).then((o) => c.json(o.body, o.status));
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const line = (value: unknown) => writer.write(encoder.encode(`${JSON.stringify(value)}\n`));
  const work = (async () => {
    try {
      const outcome = await run((phase, done, total) => line({ type: 'progress', phase, done, total }));
      await line({ type: 'result', status: outcome.status, body: outcome.body });
    } catch (err) {
      console.error(`${name} failed`, err instanceof Error ? err.message : 'unknown error');
      await line({
        type: 'result',
        status: 500,
        body: { 'error-msg': translate(requestLanguage(c), 'generic'), code: 'INTERNAL' },
      });
    } finally {
      await writer.close();
    }
  })();
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (in-process calls): the stream being read keeps the work going.
  }
  return c.body(readable, 200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
}

/** The 422 answer of a file with row errors, sorted by row and translated: nothing was imported. */
export function invalidRows(lang: Language, issues: RowIssue[]) {
  issues.sort((a, b) => a.row - b.row);
  return {
    status: 422 as const,
    body: {
      'error-msg': translate(lang, 'importInvalid'),
      code: 'IMPORT_INVALID',
      errors: issues.map((i) => ({
        row: i.row,
        column: i.column,
        value: i.value,
        message: translate(lang, i.message, i.params),
      })),
    },
  };
}

/** A whole-file failure of an import (no file, unreadable, a conflict…): its message in the caller's language. */
export function importFailure(
  c: Context<AppEnv>,
  status: 400 | 403 | 409,
  code: string,
  key: MessageKey,
  params?: Record<string, string | number>,
) {
  return { status, body: { 'error-msg': translate(requestLanguage(c), key, params), code } };
}

/**
 * Applies a checked file with the apply phase's progress lines. False when a unique index refused it
 * meanwhile (an e-mail, UUID or id taken since the checks): the batch is a transaction, nothing was applied.
 */
export async function applyChecked(progress: ImportProgress, total: number, apply: () => Promise<unknown>) {
  await progress('apply', 0, total);
  try {
    await apply();
  } catch (err) {
    if (String(err).includes('UNIQUE')) return false;
    throw err;
  }
  await progress('apply', total, total);
  return true;
}
