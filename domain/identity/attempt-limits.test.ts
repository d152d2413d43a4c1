import { describe, expect, it } from 'vitest';
import { oldestLiveWindowStart, retryAfterSeconds, windowMsOf } from './attempt-limits';
import { RATE_LIMITS } from './constants';

const now = Date.UTC(2025, 0, 15, 12);

describe('retryAfterSeconds', () => {
  const { max } = RATE_LIMITS.loginPerAccount;

  it('lets attempts through up to the maximum, the maximum included', () => {
    expect(retryAfterSeconds('loginPerAccount', { count: max, windowStart: now }, now)).toBeNull();
    expect(retryAfterSeconds('loginPerAccount', { count: 1, windowStart: now }, now)).toBeNull();
  });

  it('over the maximum, waits until the window ends, rounded up to whole seconds', () => {
    const windowStart = now - 60_000 - 500;
    const expected = Math.ceil((windowMsOf('loginPerAccount') - 60_500) / 1000);
    expect(retryAfterSeconds('loginPerAccount', { count: max + 1, windowStart }, now)).toBe(expected);
  });

  it('waits at least one second, even at the very end of the window', () => {
    const windowStart = now - windowMsOf('loginPerAccount');
    expect(retryAfterSeconds('loginPerAccount', { count: max + 1, windowStart }, now)).toBe(1);
  });
});

describe('oldestLiveWindowStart', () => {
  it('is the start of the longest window ending now', () => {
    const longestMinutes = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMinutes));
    expect(longestMinutes).toBe(60);
    expect(oldestLiveWindowStart(now)).toBe(now - 60 * 60_000);
  });
});
