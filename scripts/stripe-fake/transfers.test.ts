/**
 * Connect transfers and payouts to a connected account on the local Stripe server through the real
 * SDK: a transfer needs an onboarded destination (transfers capability active), is the platform's,
 * reverses fully or in part (`transfer.reversed`); a payout to Stripe's failing test bank account
 * (chosen on the onboarding page) fails with `no_account` (`payout.failed`), and after the bank
 * details are fixed the next payout is paid. Every answer in the document's shape.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from './server';
import { refusal, schemaErrors, startWithClient, submitDevForm, webhookListener } from './test-support';

let fake: StripeFake;
let stripe: Stripe;
let hooks: Awaited<ReturnType<typeof webhookListener>>;

beforeAll(async () => {
  hooks = await webhookListener();
  ({ fake, stripe } = await startWithClient(hooks.url));
});
afterAll(async () => {
  await fake.close();
  await hooks.close();
});

const express = () =>
  stripe.accounts.create({
    type: 'express',
    country: 'DE',
    email: 'employee@example.test',
    capabilities: { transfers: { requested: true } },
    settings: { payouts: { schedule: { interval: 'manual' } } },
    metadata: { home_reimbursement_user_id: '7' },
  });

/** Onboards the account on the dev page with the given choice. */
async function onboard(account: string, choice: 'complete' | 'complete_failing_bank') {
  const link = await stripe.accountLinks.create({
    account,
    type: 'account_onboarding',
    return_url: 'http://127.0.0.1:8787/return',
    refresh_url: 'http://127.0.0.1:8787/refresh',
  });
  const linkId = new URL(link.url).searchParams.get('link') ?? '';
  expect(await submitDevForm(link.url, { choice, link: linkId })).toBe('http://127.0.0.1:8787/return');
}

/** The types of the events delivered for one object, in order. */
async function eventsOf(id: string): Promise<[string, string | undefined][]> {
  await fake.settled();
  return hooks.received
    .map((r) => JSON.parse(r.body) as { type: string; account?: string; data: { object: { id: string } } })
    .filter((e) => e.data.object.id === id)
    .map((e) => [e.type, e.account]);
}

describe('transfers', () => {
  it('refuses a destination without the transfers capability, then transfers once it is onboarded', async () => {
    const account = await express();
    const params = { amount: 1234, currency: 'eur', destination: account.id, metadata: { reimbursement_id: '5' } };
    expect(await refusal(stripe.transfers.create(params))).toMatchObject({
      status: 400,
      code: 'insufficient_capabilities_for_transfer',
      param: 'destination',
    });
    await onboard(account.id, 'complete');
    const transfer = await stripe.transfers.create(params, { idempotencyKey: 'reimbursement-transfer:create:5:1' });
    expect(transfer).toMatchObject({
      id: expect.stringMatching(/^tr_/),
      amount: 1234,
      currency: 'eur',
      destination: account.id,
      reversed: false,
      metadata: { reimbursement_id: '5' },
    });
    expect(schemaErrors('transfer', transfer)).toEqual([]);
    // The same key replays the first answer: a double click makes one transfer.
    expect((await stripe.transfers.create(params, { idempotencyKey: 'reimbursement-transfer:create:5:1' })).id).toBe(
      transfer.id,
    );
    expect((await stripe.transfers.list({ destination: account.id })).data.map((t) => t.id)).toEqual([transfer.id]);
    expect((await stripe.transfers.retrieve(transfer.id)).amount).toBe(1234);
    expect(await eventsOf(transfer.id)).toEqual([['transfer.created', undefined]]);

    expect(await refusal(stripe.transfers.create(params, { stripeAccount: account.id }))).toMatchObject({
      status: 400,
    });
    expect(await refusal(stripe.transfers.create({ ...params, destination: 'acct_missing' }))).toMatchObject({
      status: 400,
      code: 'resource_missing',
    });
  });

  it('reverses in part, then the rest (transfer.reversed each time), never more than is left', async () => {
    const account = await express();
    await onboard(account.id, 'complete');
    const transfer = await stripe.transfers.create({ amount: 1000, currency: 'eur', destination: account.id });
    const part = await stripe.transfers.createReversal(transfer.id, { amount: 400 });
    expect(schemaErrors('transfer_reversal', part)).toEqual([]);
    expect(await refusal(stripe.transfers.createReversal(transfer.id, { amount: 700 }))).toMatchObject({ status: 400 });
    await stripe.transfers.createReversal(transfer.id);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 1000, reversed: true });
    expect((await eventsOf(transfer.id)).map(([t]) => t)).toEqual([
      'transfer.created',
      'transfer.reversed',
      'transfer.updated',
      'transfer.reversed',
      'transfer.updated',
    ]);
  });
});

describe('payouts to a failing test bank account', () => {
  it('fail with no_account until the bank details are fixed, then are paid', async () => {
    const account = await express();
    await onboard(account.id, 'complete_failing_bank');
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ payouts_enabled: true });
    const onAccount = { stripeAccount: account.id };
    const failed = await stripe.payouts.create(
      { amount: 1234, currency: 'eur', metadata: { reimbursement_id: '5', attempt: '1' } },
      onAccount,
    );
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'no_account' });
    expect(schemaErrors('payout', failed)).toEqual([]);
    expect(await eventsOf(failed.id)).toEqual([
      ['payout.created', account.id],
      ['payout.failed', account.id],
    ]);

    await onboard(account.id, 'complete');
    const paid = await stripe.payouts.create({ amount: 1234, currency: 'eur' }, onAccount);
    expect(paid.status).toBe('paid');
    expect(paid.failure_code ?? null).toBeNull();
    expect((await eventsOf(paid.id)).map(([t]) => t)).toEqual(['payout.created', 'payout.paid']);
  });
});
