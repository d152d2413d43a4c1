import { describe, expect, it } from 'vitest';
import { AUTH_CACHE_LIFETIME_MS, cacheExpiry } from './authorization-cache';

const NOW = new Date('2026-11-27T10:00:00.000Z');

describe('cacheExpiry', () => {
  it('is the bounded lifetime for a card without a validity end', () => {
    expect(cacheExpiry(undefined, NOW)).toBe('2026-11-28T10:00:00.000Z');
    expect(AUTH_CACHE_LIFETIME_MS).toBe(86_400_000);
  });

  it('is the validity end when it comes before the bound, the bound when the card is valid for longer', () => {
    expect(cacheExpiry('2026-11-27T18:30:00Z', NOW)).toBe('2026-11-27T18:30:00.000Z');
    expect(cacheExpiry('2027-06-01T00:00:00Z', NOW)).toBe('2026-11-28T10:00:00.000Z');
  });

  it('keeps a validity end already past (an Expired card) and ignores an unreadable one', () => {
    expect(cacheExpiry('2026-11-01T00:00:00Z', NOW)).toBe('2026-11-01T00:00:00.000Z');
    expect(cacheExpiry('not a date', NOW, 3_600_000)).toBe('2026-11-27T11:00:00.000Z');
  });
});
