/**
 * @module PUT stripe/account (spec 7.2 "account data", ADR 043 addendum): the connected account's e-mail and
 * business profile are changed at Stripe, with an idempotency key from our row's last change and a hash of
 * the change (a retry sends the same key; another change another one); the collection method is ours.
 * Stripe refusing or failing answers "Update failed" and changes nothing here; a change is audited.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { sha256Hex } from '@domain/identity/encoding';
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { operator } from './account.operator';
import { update } from './account.routes';
import { type AccountUpdateBody, detailsOf, toAccount } from './account.schemas';
import { accountOf, updateAccount } from './account.store';

type Body = z.infer<typeof AccountUpdateBody>;

/** What Stripe is sent: the given fields only, a cleared one as '' (Stripe's way to unset). */
export function stripeChange(body: Body): Stripe.AccountUpdateParams {
  const profile = Object.fromEntries(
    Object.entries(body.business_profile ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v ?? '']),
  );
  return {
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(Object.keys(profile).length > 0 ? { business_profile: profile } : {}),
  };
}

export const accountUpdateRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation }).openapi(
  update,
  async (c) => {
    const body = c.req.valid('json');
    const change = stripeChange(body);
    if (Object.keys(change).length === 0 && !body.collection_method) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: '(body)' });
    }
    const found = await operator(c, body.company_id);
    if (found.error) return found.error;
    const db = c.get('db');
    const row = await accountOf(db, found.company.id);
    if (!row) return apiError(c, 409, 'NO_ACCOUNT', 'billingOnboardingIncomplete');
    let details: ReturnType<typeof detailsOf> | undefined;
    if (Object.keys(change).length > 0) {
      const client = stripeOr503(c);
      if (client.error) return client.error;
      const version = `${row.updatedAt?.getTime() ?? 0}.${(await sha256Hex(JSON.stringify(change))).slice(0, 16)}`;
      try {
        const account = await client.stripe.accounts.update(row.stripeAccountId, change, {
          idempotencyKey: idempotencyKey('account', 'update', row.companyId, version),
        });
        details = detailsOf(account);
      } catch (err) {
        return stripeFailed(c, err, 'updateFailed', 'stripe.account.update', 'company', row.companyId);
      }
    }
    const updated = await updateAccount(
      db,
      row.companyId,
      body.collection_method ? { collectionMethod: body.collection_method } : {},
      billingAudit(c, 'stripe.account.update', 'company', row.companyId, {
        fields: [
          ...Object.keys(change),
          ...Object.keys(change.business_profile ?? {}).map((k) => `business_profile.${k}`),
        ],
        ...(body.collection_method ? { collection: { from: row.collectionMethod, to: body.collection_method } } : {}),
      }),
    );
    return c.json({ ...toAccount(row.companyId, updated ?? row), ...(details ? { details } : {}) }, 200);
  },
);
