import { describe, expect, it } from 'vitest';
import { type BillingEvent, decideEvent, type EventFacts, eventTarget, NO_TOP_UP, SETUP_CHECKOUT } from './apply-event';

const T = 1_764_000_000;
const ev = (type: string, object: Record<string, unknown>, extra: Partial<BillingEvent> = {}): BillingEvent => ({
  id: `evt_${type}`,
  type,
  created: T,
  data: { object },
  ...extra,
});
const platform: EventFacts = { accountCompanyId: null };
const customer = { id: 7, companyId: 20, ownerCompanyId: 10, stripeEventAt: 0 };

const invoice = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'in_1',
  object: 'invoice',
  customer: 'cus_1',
  status,
  currency: 'eur',
  subtotal: 1000,
  total: 1220,
  total_excluding_tax: 1000,
  total_taxes: [{ amount: 220 }],
  amount_due: 1220,
  amount_paid: status === 'paid' ? 1220 : 0,
  attempt_count: 1,
  next_payment_attempt: null,
  period_start: T - 86_400,
  period_end: T,
  status_transitions: { paid_at: status === 'paid' ? T : null },
  parent: null,
  ...extra,
});

describe('eventTarget', () => {
  it('names the invoice, its customer and the subscription under parent.subscription_details', () => {
    const target = eventTarget(
      ev('invoice.paid', invoice('paid', { parent: { subscription_details: { subscription: 'sub_9' } } })),
    );
    expect(target).toEqual({ kind: 'invoice', objectId: 'in_1', customerId: 'cus_1', subscriptionId: 'sub_9' });
  });

  it('names nothing to read for a type we do not handle', () => {
    expect(eventTarget(ev('charge.refunded', { id: 'ch_1' }))).toEqual({ kind: 'none', objectId: 'ch_1' });
  });
});

describe('decideEvent: invoices', () => {
  it('records an invoice we did not create for a known customer: one_time, or subscription under a subscription', () => {
    const d = decideEvent(ev('invoice.created', invoice('draft')), { ...platform, customer, invoice: null });
    expect(d).toMatchObject({
      outcome: 'applied',
      write: {
        table: 'invoice',
        row: { insert: { kind: 'one_time', companyId: 20, ownerCompanyId: 10, customerId: 7 } },
      },
    });
    const sub = { id: 3, status: 'active', stripeEventAt: 0, ownerCompanyId: 10 };
    const withSub = decideEvent(
      ev('invoice.created', invoice('draft', { parent: { subscription_details: { subscription: 'sub_9' } } })),
      { ...platform, customer, invoice: null, subscription: sub },
    );
    expect(withSub).toMatchObject({ write: { row: { insert: { kind: 'subscription' }, subscriptionId: 3 } } });
  });

  it('carries totals in minor units, the tax, the paid instant and the attempt count', () => {
    const d = decideEvent(ev('invoice.paid', invoice('paid')), { ...platform, customer, invoice: null });
    expect(d).toMatchObject({
      write: {
        row: {
          total: 1220,
          tax: 220,
          totalExcludingTax: 1000,
          amountPaid: 1220,
          attemptCount: 1,
          paidAt: new Date(T * 1000),
        },
      },
    });
  });

  it('ignores an invoice whose customer is unknown to us', () => {
    expect(
      decideEvent(ev('invoice.created', invoice('draft')), { ...platform, customer: null, invoice: null }),
    ).toEqual({
      outcome: 'ignored',
      reason: 'Invoice customer unknown to us',
    });
  });

  it('never lets an older or same-second open overwrite paid', () => {
    const paid = { id: 1, status: 'paid', stripeEventAt: T, ownerCompanyId: 10 };
    expect(
      decideEvent(ev('invoice.updated', invoice('open'), { created: T - 5 }), { ...platform, customer, invoice: paid }),
    ).toEqual({
      outcome: 'stale',
    });
    expect(decideEvent(ev('invoice.updated', invoice('open')), { ...platform, customer, invoice: paid })).toEqual({
      outcome: 'stale',
    });
    expect(
      decideEvent(ev('invoice.payment_failed', invoice('open'), { created: T + 1 }), {
        ...platform,
        customer,
        invoice: paid,
      }),
    ).toMatchObject({ outcome: 'applied', write: { row: { insert: null, status: 'open' } } });
  });
});

describe('decideEvent: connected accounts', () => {
  const account = { companyId: 10, state: 'pending' as const, stripeEventAt: 0 };
  const flags = { id: 'acct_1', details_submitted: true, charges_enabled: true, payouts_enabled: true };

  it('sets the flags and the onboarding state (done when all three flags are on)', () => {
    const d = decideEvent(ev('account.updated', flags, { account: 'acct_1' }), { accountCompanyId: 10, account });
    expect(d).toEqual({
      outcome: 'applied',
      write: {
        table: 'account',
        stripeAccountId: 'acct_1',
        values: { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, state: 'done' },
      },
    });
  });

  it('ignores every event of an account unknown to us', () => {
    expect(
      decideEvent(ev('account.updated', flags, { account: 'acct_x' }), { accountCompanyId: null, account: null }),
    ).toMatchObject({
      outcome: 'ignored',
    });
    expect(
      decideEvent(ev('invoice.paid', invoice('paid'), { account: 'acct_x' }), { accountCompanyId: null, customer }),
    ).toMatchObject({
      outcome: 'ignored',
    });
  });

  it('treats a row of another operator as unknown to the account the event came from', () => {
    expect(
      decideEvent(ev('invoice.paid', invoice('paid'), { account: 'acct_2' }), {
        accountCompanyId: 11,
        customer,
        invoice: null,
      }),
    ).toMatchObject({ outcome: 'ignored' });
  });
});

describe('decideEvent: subscriptions, payment methods, setup intents, payouts, the rest', () => {
  const sub = { id: 3, status: 'incomplete', stripeEventAt: 0, ownerCompanyId: 10 };
  const stripeSub = {
    id: 'sub_9',
    status: 'active',
    items: { data: [{ current_period_end: T + 100 }, { current_period_end: T + 200 }] },
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
  };

  it('activates a subscription (activatedAt offered), with the latest item period end', () => {
    const d = decideEvent(ev('customer.subscription.updated', stripeSub), { ...platform, subscription: sub });
    expect(d).toMatchObject({
      outcome: 'applied',
      write: {
        subscriptionId: 3,
        values: { status: 'active', currentPeriodEnd: new Date((T + 200) * 1000) },
        activatedAt: new Date(T * 1000),
      },
    });
  });

  it('cancels on customer.subscription.deleted without offering an activation', () => {
    const d = decideEvent(ev('customer.subscription.deleted', { ...stripeSub, canceled_at: T }), {
      ...platform,
      subscription: { ...sub, status: 'active' },
    });
    expect(d).toMatchObject({
      write: { values: { status: 'canceled', canceledAt: new Date(T * 1000) }, activatedAt: null },
    });
  });

  it('records a card attached to a known customer with brand, last 4 and expiry; a detach stamps detachedAt', () => {
    const card = {
      id: 'pm_1',
      type: 'card',
      customer: 'cus_1',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    };
    expect(
      decideEvent(ev('payment_method.attached', card), { ...platform, customer, paymentMethod: null }),
    ).toMatchObject({
      write: {
        row: {
          customerId: 7,
          type: 'card',
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2030,
          detachedAt: null,
        },
      },
    });
    const stored = { detached: false, stripeEventAt: T - 10, ownerCompanyId: 10 };
    expect(
      decideEvent(ev('payment_method.detached', { ...card, customer: null }), {
        ...platform,
        customer: null,
        paymentMethod: stored,
      }),
    ).toMatchObject({ write: { row: { detachedAt: new Date(T * 1000) } } });
  });

  it('records the bank code of a SEPA debit', () => {
    const sepa = {
      id: 'pm_2',
      type: 'sepa_debit',
      customer: 'cus_1',
      sepa_debit: { last4: '3000', bank_code: '37040044' },
    };
    expect(
      decideEvent(ev('payment_method.attached', sepa), { ...platform, customer, paymentMethod: null }),
    ).toMatchObject({
      write: { row: { type: 'sepa_debit', last4: '3000', bankCode: '37040044' } },
    });
  });

  it('maps setup intent events to the result, and never lets processing undo success in the same second', () => {
    const si = { result: 'pending', stripeEventAt: 0, ownerCompanyId: 10 };
    expect(decideEvent(ev('setup_intent.succeeded', { id: 'seti_1' }), { ...platform, setupIntent: si })).toMatchObject(
      {
        write: { table: 'setupIntent', result: 'success' },
      },
    );
    expect(
      decideEvent(ev('setup_intent.processing', { id: 'seti_1' }), {
        ...platform,
        setupIntent: { ...si, result: 'success', stripeEventAt: T },
      }),
    ).toEqual({ outcome: 'stale' });
  });

  it('records a payout of a known connected account', () => {
    const payout = {
      id: 'po_1',
      amount: 5000,
      currency: 'eur',
      status: 'paid',
      arrival_date: T,
      metadata: { user_id: '4' },
    };
    expect(
      decideEvent(ev('payout.paid', payout, { account: 'acct_1' }), { accountCompanyId: 10, payout: null }),
    ).toMatchObject({
      write: { table: 'payout', row: { companyId: 10, userId: 4, amount: 5000, status: 'paid' } },
    });
  });

  it('ignores a checkout session that names no wallet top-up, and types we do not handle', () => {
    expect(decideEvent(ev('checkout.session.completed', { id: 'cs_1' }), platform)).toEqual({
      outcome: 'ignored',
      reason: NO_TOP_UP,
    });
    // Setup mode: the SetupIntent's own events record the result; the session writes nothing.
    expect(
      decideEvent(ev('checkout.session.completed', { id: 'cs_2', mode: 'setup', setup_intent: 'seti_1' }), platform),
    ).toEqual({ outcome: 'ignored', reason: SETUP_CHECKOUT });
    expect(decideEvent(ev('charge.refunded', { id: 'ch_1' }), platform)).toEqual({
      outcome: 'ignored',
      reason: 'Event type charge.refunded is not handled',
    });
  });
});
