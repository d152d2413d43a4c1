/**
 * @module The catalogue screens' server side (issue 17 part 5): the permission, a row id of the URL, and what an
 * action answers: the API's refusal with a message per field, or a redirect carrying its toast.
 */
import { type AppLoadContext, data, redirect } from '@remix-run/cloudflare';
import type { Api, ApiResult } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import { forbidden, type Me, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export const billingAdmin = (request: Request, context: AppLoadContext) =>
  requirePermission(request, context, 'billing:admin');

/** What a form shows when the API (or the form's own check) refused: the summary and the message of each field. */
export interface Refusal {
  error: string;
  field?: string;
  /** Field → message: a translated text from the API, or a `billingCatalogue.` key from the form's own check. */
  issues: Record<string, string>;
}

/** The id of the URL, or the 404 page for a malformed one. */
export function rowId(raw: string | undefined): string {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  return String(id);
}

/** The refusal answer of a failed API call (403 is the forbidden page). */
export function refused(me: Me, result: Extract<ApiResult<unknown>, { ok: false }>) {
  if (result.status === 403 && !result.error.field) forbidden(me, result.error['error-msg']);
  const issues: Record<string, string> = {};
  for (const i of result.error.issues ?? []) issues[i.field] ??= i.message;
  if (result.error.field && !issues[result.error.field]) issues[result.error.field] = result.error['error-msg'];
  return data<Refusal>(
    { error: result.error['error-msg'], field: result.error.field, issues },
    { status: result.status },
  );
}

/** A refusal of the form's own check (a typed amount the API would not understand), before any call. */
export const formRefusal = (issues: Record<string, string>) =>
  data<Refusal>({ error: '', field: Object.keys(issues)[0], issues }, { status: 400 });

/** After a change: back to `to`, with a toast (an i18n key) carried in a cookie. */
export async function done(request: Request, api: Api, to: string, toastKey: string) {
  return redirect(to, { headers: api.headers(await writeToast(request, flash(toastKey))) });
}
