import { describe, expect, it } from 'vitest';
import { typeStatusChange } from './commissioning';

describe('typeStatusChange', () => {
  const station = { commissioningStatus: 'to_commission' as const, visibleInApp: true, commissioningDate: null };

  it('dates the first commissioning today', () => {
    expect(typeStatusChange(station, { status: 'commissioned' }, '2026-03-02')).toEqual({
      after: { commissioningStatus: 'commissioned', visibleInApp: true },
      commissioningDate: '2026-03-02',
    });
  });

  it('keeps the date of an earlier commissioning', () => {
    const before = { ...station, commissioningStatus: 'decommissioned' as const, commissioningDate: '2025-01-01' };
    expect(typeStatusChange(before, { status: 'commissioned' }, '2026-03-02')).toEqual({
      after: { commissioningStatus: 'commissioned', visibleInApp: true },
    });
  });

  it('changes only the visibility when no status is asked, without a date', () => {
    expect(typeStatusChange(station, { visibility: false }, '2026-03-02')).toEqual({
      after: { commissioningStatus: 'to_commission', visibleInApp: false },
    });
  });

  it('does not date a station that already was commissioned', () => {
    const commissioned = { ...station, commissioningStatus: 'commissioned' as const };
    expect(typeStatusChange(commissioned, { status: 'commissioned' }, '2026-03-02')).toEqual({
      after: { commissioningStatus: 'commissioned', visibleInApp: true },
    });
  });
});
