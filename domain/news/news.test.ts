import { describe, expect, it } from 'vitest';
import { ROLE } from '../permissions/roles';
import { audiencesOf, datesProblem, isShowing, isStaff } from './news';

describe('news audiences', () => {
  it('counts any back-office role as staff, but not self-charge alone', () => {
    expect(isStaff([ROLE.FLEET_MANAGER_VIEW])).toBe(true);
    expect(isStaff([ROLE.SELF_CHARGE, ROLE.ENGINEER])).toBe(true);
    expect(isStaff([ROLE.SELF_CHARGE])).toBe(false);
    expect(isStaff([])).toBe(false);
    // Unknown role ids are no back-office role.
    expect(isStaff([999])).toBe(false);
  });

  it('gives staff the staff news and everyone else the fleet users news, both everyone’s', () => {
    expect(audiencesOf([ROLE.ADMINISTRATIVE_SERVICES])).toEqual(['all', 'staff']);
    expect(audiencesOf([])).toEqual(['all', 'users']);
    expect(audiencesOf([ROLE.SELF_CHARGE])).toEqual(['all', 'users']);
  });
});

describe('news dates', () => {
  const at = (iso: string) => new Date(iso);
  const now = at('2026-05-10T12:00:00Z');

  it('shows a published item until its expiry, exclusive', () => {
    expect(isShowing({ publishedAt: at('2026-05-10T12:00:00Z'), expiresAt: null }, now)).toBe(true);
    expect(isShowing({ publishedAt: at('2026-05-10T12:00:01Z'), expiresAt: null }, now)).toBe(false);
    expect(isShowing({ publishedAt: at('2026-05-01T00:00:00Z'), expiresAt: at('2026-05-10T12:00:01Z') }, now)).toBe(
      true,
    );
    expect(isShowing({ publishedAt: at('2026-05-01T00:00:00Z'), expiresAt: now }, now)).toBe(false);
  });

  it('refuses an expiry at or before the publication', () => {
    expect(datesProblem(now, null)).toBeNull();
    expect(datesProblem(now, at('2026-05-10T12:00:01Z'))).toBeNull();
    expect(datesProblem(now, now)).toBe('newsExpiryOrder');
    expect(datesProblem(now, at('2026-05-09T00:00:00Z'))).toBe('newsExpiryOrder');
  });
});
