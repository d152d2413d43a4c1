/**
 * @module The payouts API (spec 7.2): a payout from the operator's connected account for a user of
 * its tree (e.g. a home reimbursement), recorded before Stripe is called so a retry reuses its key.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { authOf } from '@api/middleware/permission';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { OpenAPIHono } from '@hono/zod-openapi';
import { create, detail } from './payouts.routes';
import { toPayout } from './payouts.schemas';
import { insertPayout, operatorAccount, savePayoutResult, scopedPayout, scopedUser } from './payouts.store';

export const payoutRoutes = new OpenAPIHono<AppEnv>()
  .openapi(create, async (c) => {
    const { userId } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const user = await scopedUser(db, await callerScope(c), userId);
    if (!user) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const operatorId = authOf(c).company.id;
    const account = await operatorAccount(db, operatorId);
    if (account?.state !== 'done') {
      return apiError(c, 409, 'ONBOARDING_INCOMPLETE', 'billingOnboardingIncomplete');
    }
    const row = await insertPayout(
      db,
      { companyId: operatorId, userId, amount: body.amount, currency: body.currency },
      billingAudit(c, 'stripe.payout.create', 'payout', '', { userId, amount: body.amount, currency: body.currency }),
    );
    try {
      const payout = await client.stripe.payouts.create(
        {
          amount: body.amount,
          currency: body.currency.toLowerCase(),
          metadata: { payout_id: String(row.id), user_id: String(userId) },
        },
        { ...stripeAccountOptions(account), idempotencyKey: idempotencyKey('payout', 'create', row.id) },
      );
      const saved = await savePayoutResult(db, row.id, {
        stripePayoutId: payout.id,
        status: payout.status,
        arrivalDate: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
      });
      return c.json(toPayout(saved ?? row), 201);
    } catch (err) {
      // The row stays without a Stripe id: a retry of this record reuses its key.
      return stripeFailed(c, err, 'paymentFailed', 'stripe.payout.create', 'payout', row.id);
    }
  })
  .openapi(detail, async (c) => {
    const { userId, payoutId } = c.req.valid('param');
    const row = await scopedPayout(c.get('db'), await callerScope(c), userId, payoutId);
    if (!row) return apiError(c, 404, 'PAYOUT_NOT_FOUND', 'notFound');
    return c.json(toPayout(row), 200);
  });
