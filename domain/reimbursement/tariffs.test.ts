import { describe, expect, it } from 'vitest';
import {
  blockingPending,
  dayBefore,
  decideApproval,
  decideEdit,
  decideSubmission,
  isIsoDate,
  mayDelete,
  mayEdit,
  mayReject,
  overlappingTariff,
  parsePricePerKwh,
  rangesOverlap,
  type TariffPeriod,
  validityProblem,
} from './tariffs';

const t = (id: number, status: TariffPeriod['status'], validFrom: string, validTo: string | null = null) => ({
  id,
  status,
  validFrom,
  validTo,
});

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('gives the day before across months, years and leap days', () => {
    expect(dayBefore('2026-03-15')).toBe('2026-03-14');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
    expect(() => dayBefore('2026-02-30')).toThrow();
  });

  it('names what is wrong with a validity', () => {
    expect(validityProblem({ validFrom: '2026-01-01', validTo: null })).toBeNull();
    expect(validityProblem({ validFrom: '2026-01-01', validTo: '2026-01-01' })).toBeNull();
    expect(validityProblem({ validFrom: '2026-01-02', validTo: '2026-01-01' })).toBe('order');
    expect(validityProblem({ validFrom: '2026-02-30', validTo: null })).toBe('validFrom');
    expect(validityProblem({ validFrom: '2026-01-01', validTo: '31/01/2026' })).toBe('validTo');
  });
});

describe('overlap', () => {
  it('counts shared boundary days (inclusive) and open ends as forever', () => {
    expect(rangesOverlap({ validFrom: '2026-01-01', validTo: '2026-01-31' }, t(1, 'active', '2026-01-31', null))).toBe(
      true,
    );
    expect(
      rangesOverlap({ validFrom: '2026-01-01', validTo: '2026-01-31' }, t(1, 'active', '2026-02-01', '2026-02-28')),
    ).toBe(false);
    expect(rangesOverlap({ validFrom: '2030-01-01', validTo: null }, t(1, 'active', '2026-01-01', null))).toBe(true);
    expect(rangesOverlap({ validFrom: '2020-01-01', validTo: null }, t(1, 'active', '2026-01-01', '2026-12-31'))).toBe(
      true,
    );
  });

  it('ignores rejected tariffs, the tariff itself, and an earlier active open-ended one (approval closes it)', () => {
    const others = [t(1, 'rejected', '2026-01-01'), t(2, 'active', '2025-01-01')];
    expect(overlappingTariff({ validFrom: '2026-03-01', validTo: null }, others)).toBeNull();
    expect(
      overlappingTariff({ validFrom: '2026-03-01', validTo: null }, [t(3, 'pending', '2026-03-01')], 3),
    ).toBeNull();
  });

  it('refuses an open-ended active tariff starting the same day or later, and a bounded active one', () => {
    expect(overlappingTariff({ validFrom: '2026-03-01', validTo: null }, [t(2, 'active', '2026-03-01')])?.id).toBe(2);
    expect(
      overlappingTariff({ validFrom: '2026-01-01', validTo: '2026-06-30' }, [t(2, 'active', '2026-06-01')])?.id,
    ).toBe(2);
    expect(
      overlappingTariff({ validFrom: '2026-03-01', validTo: null }, [t(4, 'active', '2026-01-01', '2026-03-01')])?.id,
    ).toBe(4);
  });

  it('names the earliest overlapping tariff', () => {
    const others = [t(9, 'active', '2026-06-01', '2026-06-30'), t(8, 'active', '2026-04-01', '2026-04-30')];
    expect(overlappingTariff({ validFrom: '2026-01-01', validTo: '2026-12-31' }, others)?.id).toBe(8);
  });
});

describe('submission', () => {
  it('refuses a second tariff while one is pending, before looking at dates', () => {
    const others = [t(5, 'pending', '2027-01-01', '2027-12-31')];
    expect(blockingPending(others)?.id).toBe(5);
    expect(decideSubmission({ validFrom: '2026-01-01', validTo: '2026-01-31' }, others)).toEqual({
      ok: false,
      refusal: { reason: 'pending', tariff: others[0] },
    });
  });

  it('refuses an overlap with an active tariff and accepts one that follows it', () => {
    const others = [t(1, 'active', '2026-01-01', '2026-06-30'), t(2, 'rejected', '2026-07-01')];
    expect(decideSubmission({ validFrom: '2026-06-30', validTo: null }, others)).toEqual({
      ok: false,
      refusal: { reason: 'overlap', tariff: others[0] },
    });
    expect(decideSubmission({ validFrom: '2026-07-01', validTo: null }, others).ok).toBe(true);
  });
});

describe('edit, delete, reject', () => {
  it('allows only a pending tariff to change, and never into an overlap', () => {
    const mine = t(3, 'pending', '2026-07-01');
    const others = [t(1, 'active', '2026-01-01', '2026-06-30'), mine];
    expect(decideEdit(mine, { validFrom: '2026-08-01', validTo: null }, others).ok).toBe(true);
    expect(decideEdit(mine, { validFrom: '2026-06-01', validTo: null }, others)).toMatchObject({
      ok: false,
      refusal: { reason: 'overlap', tariff: { id: 1 } },
    });
    expect(decideEdit(t(1, 'active', '2026-01-01'), { validFrom: '2026-08-01', validTo: null }, others)).toEqual({
      ok: false,
      refusal: { reason: 'not_pending' },
    });
    expect(mayEdit({ status: 'pending' })).toBe(true);
    expect(mayEdit({ status: 'active' })).toBe(false);
    expect(mayDelete({ status: 'pending' })).toBe(true);
    expect(mayDelete({ status: 'active' })).toBe(false);
    expect(mayDelete({ status: 'rejected' })).toBe(false);
    expect(mayReject({ status: 'pending' })).toBe(true);
    expect(mayReject({ status: 'active' })).toBe(false);
  });
});

describe('approval', () => {
  it('closes the earlier active open-ended tariff the day before the new one starts', () => {
    const pending = t(7, 'pending', '2026-03-01', null);
    const others = [t(1, 'active', '2025-01-01', '2025-12-31'), t(2, 'active', '2026-01-01'), pending];
    expect(decideApproval(pending, others)).toEqual({ ok: true, value: { close: { id: 2, validTo: '2026-02-28' } } });
  });

  it('closes nothing when no active tariff is open-ended', () => {
    const pending = t(7, 'pending', '2026-03-01', '2026-12-31');
    expect(decideApproval(pending, [t(1, 'active', '2025-01-01', '2026-02-28')])).toEqual({
      ok: true,
      value: { close: null },
    });
  });

  it('refuses a tariff that is not pending, or that overlaps an active one', () => {
    expect(decideApproval(t(7, 'active', '2026-03-01'), [])).toEqual({ ok: false, refusal: { reason: 'not_pending' } });
    expect(decideApproval(t(7, 'rejected', '2026-03-01'), [])).toEqual({
      ok: false,
      refusal: { reason: 'not_pending' },
    });
    const pending = t(7, 'pending', '2026-01-01', '2026-03-31');
    expect(decideApproval(pending, [t(2, 'active', '2026-03-01')])).toMatchObject({
      ok: false,
      refusal: { reason: 'overlap', tariff: { id: 2 } },
    });
  });
});

describe('price input', () => {
  it('reads a dot decimal into milli-minor units per kWh', () => {
    expect(parsePricePerKwh('0.2516')).toEqual({ ok: true, value: 25160 });
    expect(parsePricePerKwh('0.25161')).toEqual({ ok: true, value: 25161 });
    expect(parsePricePerKwh('1')).toEqual({ ok: true, value: 100000 });
    expect(parsePricePerKwh(' 0.3 ')).toEqual({ ok: true, value: 30000 });
  });

  it('refuses empty, comma, too many decimals, zero and absurd prices', () => {
    expect(parsePricePerKwh('')).toEqual({ ok: false, error: 'empty' });
    expect(parsePricePerKwh('0,25')).toEqual({ ok: false, error: 'comma' });
    expect(parsePricePerKwh('0.251612')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePricePerKwh('-0.25')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePricePerKwh('0')).toEqual({ ok: false, error: 'zero' });
    expect(parsePricePerKwh('5000')).toEqual({ ok: false, error: 'invalid' });
  });
});
