/**
 * @module Demo mode at the API's edge (spec 000 §6, ADR 049): when the caller's selected company has demo
 * mode on, every JSON answer has its e-mails and codes replaced by placeholders 1000–5000
 * (`domain/privacy/demo-mask.ts`). Exports are files, not JSON: they pass their rows through `exportMask`,
 * the same function on the same rule (fleet users CSV, wallet ledger CSV; the sessions CSV/XLSX/PDF project
 * with the same keys and hash). Left alone: the caller's own profile (/me), the login and 2FA calls, and the
 * company settings, whose forms send what they show back (a placeholder saved as an e-mail list would be
 * refused or, worse, kept).
 */
import { extraMaskedKeys, maskDemo } from '@domain/privacy/demo-mask';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const UNMASKED =
  /^\/api\/(me(\/|$)|login|logout|2fa|reset-password|sso|settings\/company\/|company\/reports$|app-customizations)/;

/** Whether the answer to this request is masked: demo mode on for the selected company, path not exempt. */
export function demoModeOn(c: Context<AppEnv>): boolean {
  return Boolean(c.get('auth')?.company.demoMode) && !UNMASKED.test(c.req.path);
}

/**
 * The mask a file export applies to each row before writing it: the JSON answers' own mask when demo mode
 * is on, so a user keeps the same placeholder in the list and in its file; the row unchanged otherwise.
 */
export function exportMask(c: Context<AppEnv>): <T>(row: T) => T {
  if (!demoModeOn(c)) return (row) => row;
  const extra = extraMaskedKeys(c.req.path);
  return (row) => maskDemo(row, extra) as typeof row;
}

export const demoMode: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!demoModeOn(c)) return;
  const res = c.res;
  if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined);
  if (body === undefined) return;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  // Unset first: Hono's setter would otherwise copy the old headers (and its length) onto the new answer.
  c.res = undefined;
  c.res = new Response(JSON.stringify(maskDemo(body, extraMaskedKeys(c.req.path))), { status: res.status, headers });
};
