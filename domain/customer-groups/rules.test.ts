import { describe, expect, it } from 'vitest';
import { monthStarts } from './overview-months';
import {
  groupInUse,
  joinableCompanies,
  outsideScope,
  overviewIdMismatch,
  privateKeywordId,
  sessionVariantRefused,
  visibleIdentity,
} from './rules';

describe('customer group rules', () => {
  it('finds a linked company outside the tree', () => {
    expect(outsideScope([2, 3], [1, 2, 3])).toBe(false);
    expect(outsideScope([2, 9], [1, 2, 3])).toBe(true);
    expect(outsideScope([], [1])).toBe(false);
  });

  it('joinable companies are the tree and the linked ones, once each', () => {
    expect(joinableCompanies([1, 2], [2, 7])).toEqual([1, 2, 7]);
  });

  it('a group is in use while a tariff names it or a user is a member', () => {
    expect(groupInUse({ tariffs: 0, users: 0 })).toBe(false);
    expect(groupInUse({ tariffs: 1, users: 0 })).toBe(true);
    expect(groupInUse({ tariffs: 0, users: 2 })).toBe(true);
  });

  it('a private keyword is a positive integer id or 0', () => {
    expect(privateKeywordId('42')).toBe(42);
    expect(privateKeywordId('anna')).toBe(0);
    expect(privateKeywordId('-3')).toBe(0);
    expect(privateKeywordId('1.5')).toBe(0);
  });

  it('user privacy withholds every identity field', () => {
    const identity = { email: 'a@b.c', first_name: 'A', last_name: null };
    expect(visibleIdentity(false, identity)).toEqual(identity);
    expect(visibleIdentity(true, identity)).toEqual({ email: null, first_name: null, last_name: null });
  });

  it('the overview query id must repeat the path id when given', () => {
    expect(overviewIdMismatch(3, undefined)).toBe(false);
    expect(overviewIdMismatch(3, 3)).toBe(false);
    expect(overviewIdMismatch(3, 4)).toBe(true);
  });

  it('only the provider variant of a group session list is allowed', () => {
    expect(sessionVariantRefused(undefined)).toBe(false);
    expect(sessionVariantRefused('emp')).toBe(false);
    expect(sessionVariantRefused('cpo')).toBe(true);
  });

  it('months start at CET midnight, the 13th is the next year', () => {
    const starts = monthStarts(2025);
    expect(starts).toHaveLength(13);
    expect(new Date(starts[0] as number).toISOString()).toBe('2024-12-31T23:00:00.000Z');
    expect(new Date(starts[6] as number).toISOString()).toBe('2025-06-30T22:00:00.000Z');
    expect(new Date(starts[12] as number).toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });
});
