/**
 * @module Server side of the billing accounts screens (issue 17 parts 3 and 4): their permissions, the
 * company of the URL, and what an action answers when the API refused (its translated message).
 */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import type { Api, ApiResult } from '../../lib/api.server';
import { forbidden, type Me, requirePermission } from '../../lib/session.server';

export const onboardingAccess = (request: Request, context: AppLoadContext) =>
  requirePermission(request, context, 'billing:onboarding');

export const customersAccess = (request: Request, context: AppLoadContext) =>
  requirePermission(request, context, 'billing:customers');

/** The company id of the URL, or the 404 page for a malformed one. */
export function companyParam(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  return id;
}

export interface ActionAnswer {
  ok: boolean;
  /** The API's message (already in the user's language), or an i18n key of the billingAccounts area. */
  text: string;
  field?: string;
}

/** The answer of a refused API call (403 is the forbidden page). */
export function refusal(me: Me, result: Extract<ApiResult<unknown>, { ok: false }>) {
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  return data<ActionAnswer>(
    { ok: false, text: result.error['error-msg'], field: result.error.field },
    { status: result.status },
  );
}

/**
 * The selected operator's onboarding notice for the banner: only for callers who may onboard it
 * (role 42 with setting 30); null otherwise or when the account cannot be read.
 */
export async function onboardingNoticeFor(api: Api, me: Me) {
  if (!me.permissions.includes('billing:onboarding')) return null;
  const result = await api.send(api.client.api.stripe.account.$get({ query: { company_id: String(me.company.id) } }));
  if (!result.ok) return null;
  return { companyId: me.company.id, state: result.data.state, incomplete: result.data.notice.incomplete };
}
