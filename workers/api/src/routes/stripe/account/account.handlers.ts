/**
 * @module The Stripe Connect account API (spec 7.2): gather (our row, the account at Stripe) →
 * decide (`onboardingState`, domain/billing/onboarding.ts) → write (the row, audited).
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { type OnboardingStep, onboardingState } from '@domain/billing/onboarding';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { operator } from './account.operator';
import { collectionMethod, detail, onboard, refresh, remove, removeEmployeeAccount, returned } from './account.routes';
import { detailsOf, toAccount } from './account.schemas';
import {
  accountOf,
  deleteAccount,
  deletedAccountCount,
  deleteEmployeePayoutAccount,
  employeePayoutAccount,
  saveNewAccount,
  updateAccount,
} from './account.store';
import { accountUpdateRoutes } from './account.update';

type Ctx = Context<AppEnv>;
type Row = NonNullable<Awaited<ReturnType<typeof accountOf>>>;
type Flags = { details_submitted?: boolean; charges_enabled?: boolean; payouts_enabled?: boolean };

const flagsOf = (a: Flags) => ({
  detailsSubmitted: a.details_submitted ?? false,
  chargesEnabled: a.charges_enabled ?? false,
  payoutsEnabled: a.payouts_enabled ?? false,
});

/** The state after a step, from the account's flags (fresh from Stripe when given). */
function stateAfter(
  row: Row,
  step: OnboardingStep | undefined,
  flags = flagsOf({
    details_submitted: row.detailsSubmitted,
    charges_enabled: row.chargesEnabled,
    payouts_enabled: row.payoutsEnabled,
  }),
) {
  return onboardingState({ hasAccount: true, ...flags, previous: row.state, step });
}

/** A fresh onboarding link (made by the platform, for the connected account), back to our screens. */
function createLink(c: Ctx, stripe: Stripe, row: Row) {
  const origin = new URL(c.req.url).origin;
  return stripe.accountLinks.create(
    {
      account: row.stripeAccountId,
      type: 'account_onboarding',
      return_url: `${origin}/stripe/onboard/${row.companyId}?result=return`,
      refresh_url: `${origin}/stripe/onboard/reauth/${row.companyId}`,
    },
    // One link per hand-out: the row's last change names it, so an SDK retry gets the same link.
    { idempotencyKey: idempotencyKey('account-link', 'create', row.companyId, row.updatedAt?.getTime() ?? 0) },
  );
}

/** Hands out a fresh link and records the resumed onboarding (pending unless done or to recover). */
async function handOutLink(c: Ctx, stripe: Stripe, row: Row, via: 'onboard' | 'refresh') {
  let url: string;
  try {
    url = (await createLink(c, stripe, row)).url;
  } catch (err) {
    return stripeFailed(c, err, 'creationFailed', `stripe.account.${via}`, 'company', row.companyId);
  }
  const state = stateAfter(row, 'resume');
  const updated = await updateAccount(
    c.get('db'),
    row.companyId,
    { state },
    billingAudit(c, `stripe.account.${via}`, 'company', row.companyId, { from: row.state, to: state }),
  );
  return c.json({ account: toAccount(row.companyId, updated ?? row), url }, 200);
}

const reads = new OpenAPIHono<AppEnv>().openapi(detail, async (c) => {
  const query = c.req.valid('query');
  const found = await operator(c, query.company_id);
  if (found.error) return found.error;
  const row = await accountOf(c.get('db'), found.company.id);
  if (!row || query.refresh !== '1') return c.json(toAccount(found.company.id, row), 200);
  const client = stripeOr503(c);
  if (client.error) return client.error;
  try {
    // Read only: the flags and state Stripe's account gives now, not stored (webhooks store them).
    const account = await client.stripe.accounts.retrieve(row.stripeAccountId);
    const flags = flagsOf(account);
    const fresh = toAccount(row.companyId, { ...row, ...flags, state: stateAfter(row, undefined, flags) });
    return c.json({ ...fresh, details: detailsOf(account) }, 200);
  } catch (err) {
    return stripeFailed(c, err, 'updateFailed', 'stripe.account.read', 'company', row.companyId);
  }
});

const writes = new OpenAPIHono<AppEnv>()
  .openapi(onboard, async (c) => {
    const found = await operator(c, c.req.valid('json').company_id);
    if (found.error) return found.error;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const { company } = found;
    const db = c.get('db');
    let row = await accountOf(db, company.id);
    if (!row) {
      let account: Stripe.Account;
      try {
        account = await client.stripe.accounts.create(
          {
            country: company.country,
            ...(company.email ? { email: company.email } : {}),
            business_profile: { name: company.name },
            // Express: Stripe hosts the onboarding and the operator's dashboard.
            type: 'express',
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { company_id: String(company.id) },
          },
          {
            idempotencyKey: idempotencyKey('account', 'create', company.id, await deletedAccountCount(db, company.id)),
          },
        );
      } catch (err) {
        return stripeFailed(c, err, 'creationFailed', 'stripe.account.create', 'company', company.id);
      }
      row = await saveNewAccount(
        db,
        { companyId: company.id, stripeAccountId: account.id, state: 'pending' },
        billingAudit(c, 'stripe.account.create', 'company', company.id, { stripeAccountId: account.id }),
      );
      if (!row) throw new Error('billing account insert returned nothing');
    }
    return handOutLink(c, client.stripe, row, 'onboard');
  })
  .openapi(refresh, async (c) => {
    const found = await operator(c, c.req.valid('json').company_id);
    if (found.error) return found.error;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const db = c.get('db');
    const row = await accountOf(db, found.company.id);
    if (!row) return apiError(c, 409, 'NO_ACCOUNT', 'billingOnboardingIncomplete');
    // Reauth first: if Stripe cannot make the new link, the screen still shows the recovery action.
    const state = stateAfter(row, 'refresh');
    const reauth = await updateAccount(
      db,
      row.companyId,
      { state },
      billingAudit(c, 'stripe.account.reauth', 'company', row.companyId, { from: row.state, to: state }),
    );
    return handOutLink(c, client.stripe, reauth ?? row, 'refresh');
  })
  .openapi(returned, async (c) => {
    const body = c.req.valid('json');
    const found = await operator(c, body.company_id);
    if (found.error) return found.error;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const db = c.get('db');
    const row = await accountOf(db, found.company.id);
    if (!row) return apiError(c, 409, 'NO_ACCOUNT', 'billingOnboardingIncomplete');
    let flags: ReturnType<typeof flagsOf>;
    try {
      flags = flagsOf(await client.stripe.accounts.retrieve(row.stripeAccountId));
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'stripe.account.return', 'company', row.companyId);
    }
    const state = stateAfter(row, body.result, flags);
    const updated = await updateAccount(
      db,
      row.companyId,
      { ...flags, state },
      billingAudit(c, `stripe.account.${body.result}`, 'company', row.companyId, { from: row.state, to: state, flags }),
    );
    return c.json(toAccount(row.companyId, updated ?? row), 200);
  })
  .openapi(collectionMethod, async (c) => {
    const body = c.req.valid('json');
    const found = await operator(c, body.company_id);
    if (found.error) return found.error;
    const db = c.get('db');
    const row = await accountOf(db, found.company.id);
    if (!row) return apiError(c, 409, 'NO_ACCOUNT', 'billingOnboardingIncomplete');
    const updated = await updateAccount(
      db,
      row.companyId,
      { collectionMethod: body.collection_method },
      billingAudit(c, 'stripe.account.collection_method', 'company', row.companyId, {
        from: row.collectionMethod,
        to: body.collection_method,
      }),
    );
    return c.json(toAccount(row.companyId, updated ?? row), 200);
  })
  .openapi(remove, async (c) => {
    const found = await operator(c, c.req.valid('query').company_id);
    if (found.error) return found.error;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const db = c.get('db');
    const row = await accountOf(db, found.company.id);
    if (!row) return apiError(c, 409, 'NO_ACCOUNT', 'billingOnboardingIncomplete');
    try {
      await client.stripe.accounts.del(row.stripeAccountId);
    } catch (err) {
      // Already gone at Stripe (deleted from its dashboard): forget it here too.
      const code = (err as { code?: string }).code;
      if (code !== 'resource_missing' && code !== 'account_invalid') {
        return stripeFailed(c, err, 'updateFailed', 'stripe.account.delete', 'company', row.companyId);
      }
    }
    await deleteAccount(
      db,
      row.companyId,
      billingAudit(c, 'stripe.account.delete', 'company', row.companyId, { stripeAccountId: row.stripeAccountId }),
    );
    return c.json(toAccount(row.companyId, null), 200);
  });

/** An employee's home-reimbursement payout account: deleted at Stripe, then here (audited under the user). */
const employees = new OpenAPIHono<AppEnv>().openapi(removeEmployeeAccount, async (c) => {
  const userId = c.req.valid('param').userId;
  const db = c.get('db');
  const found = await employeePayoutAccount(db, await callerScope(c), userId);
  if (!found) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
  const account = found.account;
  if (!account) return apiError(c, 409, 'NO_PAYOUT_ACCOUNT', 'payoutAccountNotReady');
  const client = stripeOr503(c);
  if (client.error) return client.error;
  try {
    await client.stripe.accounts.del(account.stripeAccountId);
  } catch (err) {
    // Already gone at Stripe: forget it here too.
    const code = (err as { code?: string }).code;
    if (code !== 'resource_missing' && code !== 'account_invalid')
      return stripeFailed(c, err, 'updateFailed', 'reimbursement.payout_account.delete', 'user', userId);
  }
  // The action name versions the employee's next account creation key (payouts.store deletedPayoutAccounts).
  await deleteEmployeePayoutAccount(
    db,
    userId,
    billingAudit(c, 'reimbursement.payout_account.delete', 'user', userId, {
      stripeAccountId: account.stripeAccountId,
    }),
  );
  return c.json({ user_id: userId, stripe_account_id: account.stripeAccountId, deleted: true as const }, 200);
});

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .route('/', reads)
  .route('/', writes)
  .route('/', accountUpdateRoutes)
  .route('/', employees);
