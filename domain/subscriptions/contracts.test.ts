import { describe, expect, it } from 'vitest';
import { addMonths, autorenewOn, buyRefusal, effectiveStatus, refusedFetchSite } from './contracts';

describe('addMonths', () => {
  it.each([
    { from: '2026-01-15T10:00:00.000Z', months: 12, to: '2027-01-15T10:00:00.000Z' },
    { from: '2026-01-31T10:00:00.000Z', months: 1, to: '2026-02-28T10:00:00.000Z' },
    { from: '2028-01-31T10:00:00.000Z', months: 1, to: '2028-02-29T10:00:00.000Z' },
    { from: '2026-11-30T00:00:00.000Z', months: 3, to: '2027-02-28T00:00:00.000Z' },
    { from: '2026-05-31T23:59:59.000Z', months: 1, to: '2026-06-30T23:59:59.000Z' },
  ])('$from + $months months = $to', ({ from, months, to }) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });
});

describe('effectiveStatus', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it.each([
    { status: 'active', expires: '2026-03-01T12:00:01Z', reads: 'active' },
    { status: 'active', expires: '2026-03-01T12:00:00Z', reads: 'expired' },
    { status: 'expired', expires: '2027-01-01T00:00:00Z', reads: 'expired' },
    { status: 'cancelled', expires: '2020-01-01T00:00:00Z', reads: 'cancelled' },
  ] as const)('$status ending $expires reads $reads', ({ status, expires, reads }) => {
    expect(effectiveStatus(status, new Date(expires), now)).toBe(reads);
  });
});

describe('refusedFetchSite', () => {
  it.each([
    { site: 'cross-site', refused: true },
    { site: 'same-site', refused: true },
    { site: 'same-origin', refused: false },
    { site: 'none', refused: false },
    { site: undefined, refused: false },
  ])('Sec-Fetch-Site $site is refused: $refused', ({ site, refused }) => {
    expect(refusedFetchSite(site)).toBe(refused);
  });
});

describe('autorenewOn', () => {
  it('reads true and 1 as on, false and 0 as off', () => {
    expect([autorenewOn('true'), autorenewOn('1'), autorenewOn('false'), autorenewOn('0')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('buyRefusal', () => {
  const free = { active: true, priceMinor: 0 };
  it.each([
    {
      name: 'a free contract for a live user',
      userDeleted: false,
      contract: free,
      alreadyRunning: false,
      refusal: null,
    },
    {
      name: 'a deleted user, first',
      userDeleted: true,
      contract: undefined,
      alreadyRunning: true,
      refusal: 'userDeleted',
    },
    {
      name: 'an unknown contract',
      userDeleted: false,
      contract: undefined,
      alreadyRunning: false,
      refusal: 'contractNotFound',
    },
    {
      name: 'a withdrawn contract',
      userDeleted: false,
      contract: { active: false, priceMinor: 0 },
      alreadyRunning: false,
      refusal: 'contractNotFound',
    },
    {
      name: 'one of this kind still running, before the price',
      userDeleted: false,
      contract: { active: true, priceMinor: 900 },
      alreadyRunning: true,
      refusal: 'contractAlreadyActive',
    },
    {
      name: 'a paid contract (bought through the card payment provider)',
      userDeleted: false,
      contract: { active: true, priceMinor: 900 },
      alreadyRunning: false,
      refusal: null,
    },
  ] as const)('$name: $refusal', ({ userDeleted, contract, alreadyRunning, refusal }) => {
    expect(buyRefusal({ userDeleted, contract, alreadyRunning })).toBe(refusal);
  });
});
