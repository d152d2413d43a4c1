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

type AccountAnswer = { company_id: number; stripe_account_id: string | null; state: string };

/**
 * The connected account's e-mail and business profile for the "Account details" form: undefined while the
 * account is not pending or done (no form), null when the provider cannot be read now (the form says so).
 */
export async function accountDetailsFor(api: Api, account: AccountAnswer) {
  if (!account.stripe_account_id || (account.state !== 'done' && account.state !== 'pending')) return undefined;
  const result = await api.send(
    api.client.api.stripe.account.$get({ query: { company_id: String(account.company_id), refresh: '1' } }),
  );
  return result.ok ? (result.data.details ?? null) : null;
}

/** PUT stripe/account from the form: the e-mail when given, every profile field ('' clears it at the provider). */
export function saveAccountDetails(api: Api, companyId: number, form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const email = text('email');
  return api.send(
    api.client.api.stripe.account.$put({
      json: {
        company_id: companyId,
        ...(email ? { email } : {}),
        business_profile: {
          name: text('name'),
          url: text('url'),
          support_email: text('support_email'),
          support_phone: text('support_phone'),
          product_description: text('product_description'),
        },
      },
    }),
  );
}
