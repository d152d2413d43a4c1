import { describe, expect, it } from 'vitest';
import { INACTIVITY_LOGOUT_MINUTES } from './constants';
import { LAST_SEEN_WRITE_INTERVAL_MS, sessionUse } from './session-use';

const now = Date.UTC(2025, 0, 15, 12);
const minutes = (n: number) => n * 60_000;
const session = (expiresIn: number, seenAgo: number) => ({
  expiresAt: new Date(now + expiresIn),
  lastSeenAt: new Date(now - seenAgo),
});

describe('sessionUse', () => {
  it('ends a session at its maximum age, the instant included', () => {
    expect(sessionUse(session(0, 0), now)).toBe('expired');
    expect(sessionUse(session(-1, 0), now)).toBe('expired');
    expect(sessionUse(session(1, 0), now)).toBe('current');
  });

  it('ends a session idle longer than the inactivity limit, not one idle exactly that long', () => {
    const limit = minutes(INACTIVITY_LOGOUT_MINUTES);
    expect(sessionUse(session(minutes(60), limit + 1), now)).toBe('expired');
    expect(sessionUse(session(minutes(60), limit), now)).toBe('touch');
  });

  it('writes the last use only when it is older than the write interval', () => {
    expect(sessionUse(session(minutes(60), LAST_SEEN_WRITE_INTERVAL_MS), now)).toBe('current');
    expect(sessionUse(session(minutes(60), LAST_SEEN_WRITE_INTERVAL_MS + 1), now)).toBe('touch');
    expect(sessionUse(session(minutes(60), 0), now)).toBe('current');
  });
});
