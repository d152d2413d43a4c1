/**
 * @module Answers shared by the catalogue resources under /stripe: the field errors of
 * domain/billing/catalogue.ts in the caller's language under the spec's failure text, Stripe not
 * configured (503), and a Stripe failure mapped to the spec's text (never Stripe's own message).
 */
import type { CatalogueIssue } from '@domain/billing/catalogue';
import { billingCatalogue } from '@i18n/areas/billing-catalogue';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { clientIp } from '../../lib/session-cookie';
import { type Stripe, type StripeFailureMessage, stripeClient, stripeFailure } from '../../lib/stripe';
import { authOf } from '../../middleware/permission';

type Ctx = Context<AppEnv>;

/**
 * 400 with the spec's failure text ("Product creation failed", "Update failed"…) as `error-msg`, the first
 * failed field as `field`, and every failed field with its own message in `issues` (the forms show them).
 */
export function invalid(c: Ctx, issues: CatalogueIssue[], failure: StripeFailureMessage) {
  const texts = billingCatalogue[requestLanguage(c)].errors;
  return apiError(c, 400, 'VALIDATION_FAILED', failure, {
    field: issues[0]?.field,
    issues: issues.map((i) => ({ field: i.field, message: texts[i.message] })),
  });
}

/** The Stripe client, or null when billing has no key (the caller answers `notConfigured`). */
export const stripeOf = (c: Ctx): Stripe | null => stripeClient(c.env);

export const notConfigured = (c: Ctx) => apiError(c, 503, 'BILLING_NOT_CONFIGURED', 'billingNotConfigured');

/** Stripe refused or failed: the spec's text; Stripe's code and parameter go to the log, never to the client. */
export function stripeFailed(c: Ctx, error: unknown, message: StripeFailureMessage) {
  const failure = stripeFailure(error, message);
  // A failure that is not Stripe's (our bug, the network) logs its own text; Stripe's own message is never logged.
  const own = failure.detail.type ? {} : { error: String(error) };
  console.warn('stripe catalogue call failed', { path: c.req.path, ...failure.detail, ...own });
  return apiError(c, failure.status, failure.code, failure.message);
}

/** Runs a Stripe call: its result, or the failure answer to return. */
export async function attempt<T>(c: Ctx, message: StripeFailureMessage, call: () => Promise<T>) {
  try {
    return { ok: true as const, value: await call() };
  } catch (error) {
    return { ok: false as const, answer: stripeFailed(c, error, message) };
  }
}

/** The audit row of a catalogue change by the caller. */
export function auditOf(c: Ctx, action: string, entity: string, entityId: number | undefined, detail: object) {
  const { user, company } = authOf(c);
  return {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity,
    ...(entityId !== undefined ? { entityId } : {}),
    detail: detail as Record<string, unknown>,
    ip: clientIp(c),
  };
}

/** The operator company whose catalogue the caller manages: the selected company. */
export const ownerOf = (c: Ctx) => authOf(c).company.id;

/** The version part of an update's idempotency key: the row's last change, so a retried update reuses its key. */
export const versionOf = (row: { updatedAt: Date | null; createdAt: Date }) =>
  (row.updatedAt ?? row.createdAt).getTime();
