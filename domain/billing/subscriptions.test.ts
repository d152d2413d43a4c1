import { describe, expect, it } from 'vitest';
import {
  activationAt,
  anchorConfig,
  anchorDates,
  anchorParams,
  collectionFor,
  contractRecurrence,
  firstAnchorDate,
  isFree,
  parseAnchor,
  subscriptionRefusal,
  trialRefusal,
} from './subscriptions';

const d = (iso: string) => new Date(iso);
const days = (dates: Date[]) => dates.map((x) => x.toISOString().slice(0, 10));

describe('anchorConfig', () => {
  it('asks Stripe for day 31 at the end of the month (its last day in shorter months)', () => {
    expect(anchorConfig('eom')).toEqual({ day_of_month: 31 });
    expect(anchorConfig(15)).toEqual({ day_of_month: 15 });
  });
});

describe('parseAnchor', () => {
  it.each([
    ['eom', 'eom'],
    ['1', 1],
    ['28', 28],
    ['29', null],
    ['0', null],
    [null, null],
    ['x', null],
  ] as const)('%s reads %s', (stored, anchor) => {
    expect(parseAnchor(stored)).toBe(anchor);
  });
});

describe('firstAnchorDate', () => {
  it.each([
    { anchor: 'eom', from: '2026-01-10T12:00:00Z', first: '2026-01-31' },
    { anchor: 'eom', from: '2026-01-31T00:00:00Z', first: '2026-02-28' },
    { anchor: 'eom', from: '2028-02-01T08:00:00Z', first: '2028-02-29' },
    { anchor: 'eom', from: '2026-12-31T10:00:00Z', first: '2027-01-31' },
    { anchor: 15, from: '2026-03-14T23:59:59Z', first: '2026-03-15' },
    { anchor: 15, from: '2026-03-15T00:00:00Z', first: '2026-04-15' },
    { anchor: 1, from: '2026-12-05T00:00:00Z', first: '2027-01-01' },
  ] as const)('$anchor from $from is $first', ({ anchor, from, first }) => {
    expect(firstAnchorDate(anchor, d(from)).toISOString()).toBe(`${first}T00:00:00.000Z`);
  });
});

describe('anchorDates', () => {
  it('keeps the last day of each month across February of a common year', () => {
    expect(days(anchorDates('eom', d('2027-01-05T00:00:00Z'), 'month', 4))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
  });

  it('and of a leap year', () => {
    expect(days(anchorDates('eom', d('2028-01-31T10:00:00Z'), 'month', 3))).toEqual([
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
  });

  it('a yearly end-of-month anchor in February follows the leap years', () => {
    expect(days(anchorDates('eom', d('2027-02-10T00:00:00Z'), 'year', 3))).toEqual([
      '2027-02-28',
      '2028-02-29',
      '2029-02-28',
    ]);
  });

  it('a day anchor stays on its day', () => {
    expect(days(anchorDates(28, d('2027-01-30T00:00:00Z'), 'month', 3))).toEqual([
      '2027-02-28',
      '2027-03-28',
      '2027-04-28',
    ]);
  });
});

describe('trialRefusal', () => {
  const now = d('2026-06-01T12:00:00Z');
  it.each([
    { end: null, refusal: null },
    { end: '2026-06-01T12:00:00Z', refusal: 'trialInPast' },
    { end: '2026-05-01T00:00:00Z', refusal: 'trialInPast' },
    { end: '2026-06-01T12:00:01Z', refusal: null },
    { end: '2028-05-31T12:00:00Z', refusal: null },
    { end: '2028-06-01T12:00:00Z', refusal: 'trialTooFar' },
  ] as const)('a trial ending $end: $refusal', ({ end, refusal }) => {
    expect(trialRefusal(end ? d(end) : null, now)).toBe(refusal);
  });
});

describe('isFree', () => {
  const now = d('2026-06-01T12:00:00Z');
  it('is free while trialing or before its trial end, paid afterwards', () => {
    expect(isFree({ status: 'trialing', trialEnd: d('2026-07-01T00:00:00Z') }, now)).toBe(true);
    expect(isFree({ status: 'incomplete', trialEnd: d('2026-07-01T00:00:00Z') }, now)).toBe(true);
    expect(isFree({ status: 'active', trialEnd: d('2026-05-01T00:00:00Z') }, now)).toBe(false);
    expect(isFree({ status: 'active', trialEnd: null }, now)).toBe(false);
  });
});

describe('activationAt', () => {
  const at = d('2026-06-01T12:00:00Z');
  it('is set when Stripe reports active or trialing, and never unset', () => {
    expect(activationAt(null, 'incomplete', at)).toBeNull();
    expect(activationAt(null, 'active', at)).toEqual(at);
    expect(activationAt(null, 'trialing', at)).toEqual(at);
    const earlier = d('2026-01-01T00:00:00Z');
    expect(activationAt(earlier, 'canceled', at)).toEqual(earlier);
  });
});

describe('subscriptionRefusal', () => {
  const now = d('2026-06-01T12:00:00Z');
  const ok = {
    customer: { stripeCustomerId: 'cus_1' },
    price: { interval: 'month', active: true, stripePriceId: 'price_1' },
    couponWanted: false,
    coupon: null,
    taxRateWanted: false,
    taxRate: null,
    trialEnd: null,
    now,
  };
  it('accepts a monthly or yearly price for a known customer', () => {
    expect(subscriptionRefusal(ok)).toBeNull();
    expect(subscriptionRefusal({ ...ok, price: { ...ok.price, interval: 'year' } })).toBeNull();
  });
  it('names the first reason why not', () => {
    expect(subscriptionRefusal({ ...ok, customer: null })).toBe('noCustomer');
    expect(subscriptionRefusal({ ...ok, customer: { stripeCustomerId: null } })).toBe('noCustomer');
    expect(subscriptionRefusal({ ...ok, price: null })).toBe('priceNotFound');
    expect(subscriptionRefusal({ ...ok, price: { ...ok.price, active: false } })).toBe('priceNotFound');
    expect(subscriptionRefusal({ ...ok, price: { ...ok.price, interval: 'one_time' } })).toBe('priceNotRecurring');
    expect(subscriptionRefusal({ ...ok, couponWanted: true })).toBe('couponNotFound');
    expect(subscriptionRefusal({ ...ok, taxRateWanted: true, taxRate: { stripeTaxRateId: null } })).toBe(
      'taxRateNotFound',
    );
    expect(subscriptionRefusal({ ...ok, trialEnd: d('2026-05-01T00:00:00Z') })).toBe('trialInPast');
  });
});

describe('contractRecurrence', () => {
  it.each([
    { months: 1, interval: 'month', intervalCount: 1 },
    { months: 6, interval: 'month', intervalCount: 6 },
    { months: 12, interval: 'year', intervalCount: 1 },
    { months: 24, interval: 'year', intervalCount: 2 },
  ] as const)('$months months recur every $intervalCount $interval', ({ months, interval, intervalCount }) => {
    expect(contractRecurrence(months)).toEqual({ interval, intervalCount });
  });
  it('refuses a term Stripe cannot recur', () => {
    expect(() => contractRecurrence(0)).toThrow(RangeError);
    expect(() => contractRecurrence(37)).toThrow(RangeError);
  });
});

describe('collectionFor', () => {
  it('charges the default payment method, else sends the invoice to pay within 30 days', () => {
    expect(collectionFor('charge_automatically', 'pm_1')).toEqual({ collection_method: 'charge_automatically' });
    expect(collectionFor(null, null)).toEqual({ collection_method: 'send_invoice', days_until_due: 30 });
    expect(collectionFor('send_invoice', 'pm_1')).toEqual({ collection_method: 'send_invoice', days_until_due: 30 });
  });
});

describe('anchorParams', () => {
  const now = d('2026-11-10T09:00:00Z');
  const sec = (iso: string) => Date.parse(iso) / 1000;
  it('sends the end of the month as day 31 of the anchor config', () => {
    expect(anchorParams('eom', null, now)).toEqual({ billing_cycle_anchor_config: { day_of_month: 31 } });
  });
  it('sends a day as its first date, after the trial when there is one', () => {
    expect(anchorParams(15, null, now)).toEqual({ billing_cycle_anchor: sec('2026-11-15T00:00:00Z') });
    expect(anchorParams(15, d('2026-11-20T00:00:00Z'), now)).toEqual({
      billing_cycle_anchor: sec('2026-12-15T00:00:00Z'),
    });
  });
  it('sends nothing without an anchor', () => {
    expect(anchorParams(null, null, now)).toEqual({});
  });
});
