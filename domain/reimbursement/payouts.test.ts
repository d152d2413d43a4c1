import { describe, expect, it } from 'vitest';
import {
  decidePayoutAccountEvent,
  decideReimbursementEvent,
  type PayableReimbursement,
  payoutAccountStatus,
  planPayout,
  type ReimbursementEventFacts,
  reimbursementIdOf,
} from './payouts';

const READY = { detailsSubmitted: true, payoutsEnabled: true };
const r = (over: Partial<PayableReimbursement> = {}): PayableReimbursement => ({
  id: 5,
  status: 'validated_by_manager',
  payoutMethod: 'stripe',
  value: 1500,
  stripeTransferId: null,
  stripePayoutId: null,
  ...over,
});

describe('payout account status', () => {
  it('is none, pending, restricted or done from the stored flags', () => {
    expect(payoutAccountStatus(null)).toBe('none');
    expect(payoutAccountStatus({ detailsSubmitted: false, payoutsEnabled: false })).toBe('pending');
    expect(payoutAccountStatus({ detailsSubmitted: true, payoutsEnabled: false })).toBe('restricted');
    expect(payoutAccountStatus(READY)).toBe('done');
  });
});

describe('planning a payout', () => {
  it('pays an approved Stripe reimbursement with a transfer, attempt 1', () => {
    expect(planPayout(r(), READY, 0)).toEqual({ from: 'validated_by_manager', attempt: 1, transfer: true });
  });
  it('retries after a failed payout without a second transfer, with a new attempt number', () => {
    expect(
      planPayout(r({ status: 'payment_failed', stripeTransferId: 'tr_1', stripePayoutId: 'po_1' }), READY, 1),
    ).toEqual({
      from: 'payment_failed',
      attempt: 2,
      transfer: false,
    });
  });
  it('transfers again after a reversed transfer (no transfer id kept)', () => {
    expect(planPayout(r({ status: 'payment_failed' }), READY, 1)).toMatchObject({ attempt: 2, transfer: true });
  });
  it('resumes a processed reimbursement whose payout was never created, with the same attempt', () => {
    expect(planPayout(r({ status: 'processed', stripeTransferId: 'tr_1' }), READY, 0)).toEqual({
      from: 'processed',
      attempt: 1,
      transfer: false,
    });
  });
  it('refuses a bank transfer, a wrong status, and an account without payouts enabled', () => {
    expect(planPayout(r({ payoutMethod: 'bank_transfer' }), READY, 0)).toEqual({ error: 'notAStripePayout' });
    expect(planPayout(r({ status: 'validated_by_user' }), READY, 0)).toEqual({
      error: 'transition',
      from: 'validated_by_user',
    });
    expect(planPayout(r({ status: 'paid', stripePayoutId: 'po_1' }), READY, 0)).toEqual({
      error: 'transition',
      from: 'paid',
    });
    expect(planPayout(r({ status: 'processed', stripePayoutId: 'po_1' }), READY, 0)).toEqual({
      error: 'transition',
      from: 'processed',
    });
    expect(planPayout(r(), null, 0)).toEqual({ error: 'accountNotReady' });
    expect(planPayout(r({ value: 0 }), READY, 0)).toEqual({ error: 'nothingToPay' });
    expect(planPayout(r(), { detailsSubmitted: true, payoutsEnabled: false }, 0)).toEqual({ error: 'accountNotReady' });
  });
});

const facts = (over: Partial<ReimbursementEventFacts> = {}): ReimbursementEventFacts => ({
  id: 5,
  status: 'processed',
  stripeTransferId: 'tr_1',
  stripePayoutId: 'po_1',
  stripeAccountId: 'acct_e',
  attempt: 1,
  ...over,
});
const payout = (type: string, over: Record<string, unknown> = {}) => ({
  type,
  created: 1_800_000_000,
  account: 'acct_e',
  object: { id: 'po_1', arrival_date: 1_800_000_100, metadata: { reimbursement_id: '5', attempt: '1' }, ...over },
});

describe('Stripe events on a reimbursement', () => {
  it('reads the reimbursement id from metadata only when it is a positive integer', () => {
    expect(reimbursementIdOf({ metadata: { reimbursement_id: '12' } })).toBe(12);
    expect(reimbursementIdOf({ metadata: { reimbursement_id: 'x' } })).toBeNull();
    expect(reimbursementIdOf({ metadata: null })).toBeNull();
  });
  it('payout.paid marks it paid once, at the arrival date, noting the confirmation', () => {
    expect(decideReimbursementEvent(payout('payout.paid'), facts())).toEqual({
      outcome: 'applied',
      from: 'processed',
      to: 'paid',
      note: 'payout confirmed',
      paidAt: new Date(1_800_000_100_000),
      failureReason: null,
      stripePayoutId: 'po_1',
      clearTransfer: false,
    });
    expect(decideReimbursementEvent(payout('payout.paid'), facts({ status: 'paid' }))).toEqual({
      outcome: 'ignored',
      reason: 'Reimbursement already paid',
    });
  });
  it('accepts the current attempt’s payout before its id is stored, never an older one', () => {
    expect(
      decideReimbursementEvent(
        payout('payout.paid', { id: 'po_2', metadata: { reimbursement_id: '5', attempt: '2' } }),
        facts({ stripePayoutId: null, attempt: 2 }),
      ),
    ).toMatchObject({
      outcome: 'applied',
      stripePayoutId: 'po_2',
    });
    expect(
      decideReimbursementEvent(payout('payout.failed', { id: 'po_1' }), facts({ stripePayoutId: null, attempt: 2 })),
    ).toMatchObject({
      outcome: 'ignored',
    });
    expect(decideReimbursementEvent(payout('payout.paid', { id: 'po_0' }), facts())).toMatchObject({
      outcome: 'ignored',
    });
  });
  it('ignores a payout from another account than the employee’s', () => {
    expect(decideReimbursementEvent({ ...payout('payout.paid'), account: 'acct_x' }, facts())).toMatchObject({
      outcome: 'ignored',
    });
    expect(decideReimbursementEvent({ ...payout('payout.paid'), account: null }, facts())).toMatchObject({
      outcome: 'ignored',
    });
  });
  it('payout.failed marks it failed with Stripe’s reason', () => {
    expect(
      decideReimbursementEvent(payout('payout.failed', { failure_code: 'no_account', failure_message: null }), facts()),
    ).toMatchObject({
      outcome: 'applied',
      to: 'payment_failed',
      failureReason: 'The bank account details do not match an account.',
      clearTransfer: false,
    });
    expect(decideReimbursementEvent(payout('payout.failed', { failure_message: 'Closed.' }), facts())).toMatchObject({
      failureReason: 'Closed.',
    });
  });
  it('transfer.reversed (a platform event) fails it and forgets the transfer', () => {
    const ev = { type: 'transfer.reversed', created: 1, account: null, object: { id: 'tr_1' } };
    expect(decideReimbursementEvent(ev, facts())).toMatchObject({
      outcome: 'applied',
      to: 'payment_failed',
      clearTransfer: true,
      note: 'transfer tr_1 reversed',
    });
    expect(decideReimbursementEvent({ ...ev, object: { id: 'tr_0' } }, facts())).toMatchObject({ outcome: 'ignored' });
    expect(decideReimbursementEvent(ev, facts({ status: 'paid' }))).toMatchObject({ outcome: 'ignored' });
  });
  it('ignores an unknown reimbursement and other event types', () => {
    expect(decideReimbursementEvent(payout('payout.paid'), null)).toEqual({
      outcome: 'ignored',
      reason: 'Reimbursement unknown to us',
    });
    expect(decideReimbursementEvent(payout('payout.created'), facts())).toMatchObject({ outcome: 'ignored' });
  });
});

describe('account.updated of an employee’s payout account', () => {
  it('applies the flags unless a newer event was applied', () => {
    const ev = { created: 100, object: { details_submitted: true, payouts_enabled: true } };
    expect(decidePayoutAccountEvent(ev, { stripeEventAt: 99 })).toEqual({ outcome: 'applied', values: READY });
    expect(decidePayoutAccountEvent(ev, { stripeEventAt: 100 })).toMatchObject({ outcome: 'applied' });
    expect(decidePayoutAccountEvent(ev, { stripeEventAt: 101 })).toEqual({ outcome: 'stale' });
    expect(decidePayoutAccountEvent(ev, null)).toMatchObject({ outcome: 'ignored' });
  });
});
