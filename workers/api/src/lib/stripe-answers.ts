/**
 * @module The answers billing handlers give around a Stripe call (issue 17): 503 when no key is
 * configured, the spec's failure text when Stripe refuses or fails (Stripe's code and request id go
 * to the audit log, never to the caller), and the audit row of a billing change by the caller.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { authOf } from '../middleware/permission';
import type { AuditEntry } from './audit.store';
import { audit } from './audit.store';
import { apiError } from './errors';
import { clientIp } from './session-cookie';
import { type StripeFailureMessage, stripeClient, stripeFailure } from './stripe';

type Ctx = Context<AppEnv>;

/** The audit row of a billing change made by the caller. */
export function billingAudit(
  c: Ctx,
  action: string,
  entity: string,
  entityId: string | number,
  detail: Record<string, unknown> = {},
): AuditEntry {
  const { user, company } = authOf(c);
  return { action, actorUserId: user.id, companyId: company.id, entity, entityId, detail, ip: clientIp(c) };
}

/** The Stripe client, or the 503 answer when billing has no key. */
export function stripeOr503(c: Ctx) {
  const stripe = stripeClient(c.env);
  if (stripe) return { stripe } as const;
  return { error: apiError(c, 503, 'BILLING_NOT_CONFIGURED', 'billingNotConfigured') } as const;
}

/** Answers a failed Stripe call with the spec's text and audits what Stripe said. */
export async function stripeFailed(
  c: Ctx,
  error: unknown,
  fallback: StripeFailureMessage,
  action: string,
  entity: string,
  entityId: string | number,
) {
  const failure = stripeFailure(error, fallback);
  await audit(c.get('db'), billingAudit(c, `${action}.failed`, entity, entityId, { stripe: failure.detail }));
  // One literal status per branch, so each route's typed answers (400, 402, 409, 502) accept it.
  switch (failure.status) {
    case 400:
      return apiError(c, 400, failure.code, failure.message);
    case 402:
      return apiError(c, 402, failure.code, failure.message);
    case 409:
      return apiError(c, 409, failure.code, failure.message);
    default:
      return apiError(c, 502, failure.code, failure.message);
  }
}
