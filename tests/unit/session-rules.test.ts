import { describe, expect, it } from 'vitest';
import { safeRedirect, twoFactorPath, withRedirectTo } from '../../app/lib/redirects';
import { isInactive, isNewVersion, isSuppressed } from '../../app/lib/session-rules';

const MIN = 60_000;

describe('inactivity logout after more than 240 minutes', () => {
  it.each([
    { away: 239 * MIN, expected: false },
    { away: 240 * MIN, expected: false },
    { away: 240 * MIN + 1, expected: true },
    { away: 600 * MIN, expected: true },
  ])('away $away ms → $expected', ({ away, expected }) => {
    expect(isInactive(1_000_000, 1_000_000 + away)).toBe(expected);
  });

  it('never logs out without a recorded activity', () => {
    expect(isInactive(null, Date.now())).toBe(false);
    expect(isInactive(Number.NaN, Date.now())).toBe(false);
  });
});

describe('2FA notice suppression within 2000 ms', () => {
  it.each([
    { last: undefined, now: 5000, expected: false },
    { last: 5000, now: 5000, expected: true },
    { last: 5000, now: 6999, expected: true },
    { last: 5000, now: 7000, expected: false },
  ])('last $last, now $now → $expected', ({ last, now, expected }) => {
    expect(isSuppressed(last, now, 2000)).toBe(expected);
  });
});

describe('new version', () => {
  it.each([
    { first: null, latest: '1.0.1', expected: false },
    { first: '1.0.0', latest: '1.0.0', expected: false },
    { first: '1.0.0', latest: undefined, expected: false },
    { first: '1.0.0', latest: '', expected: false },
    { first: '1.0.0', latest: '1.0.1', expected: true },
  ])('$first → $latest: $expected', ({ first, latest, expected }) => {
    expect(isNewVersion(first, latest)).toBe(expected);
  });
});

describe('redirects', () => {
  it('sends authenticator users (method 4) to /2fa-qr, everyone else to /2fa', () => {
    expect(twoFactorPath(4)).toBe('/2fa-qr');
    expect(twoFactorPath(1)).toBe('/2fa');
    expect(twoFactorPath(undefined)).toBe('/2fa');
  });

  it.each([
    { to: '/fleet/users?page=2', expected: '/fleet/users?page=2' },
    { to: 'https://evil.example/', expected: '/home' },
    { to: '//evil.example/', expected: '/home' },
    { to: '/\\evil.example', expected: '/home' },
    { to: '/login?redirectTo=/x', expected: '/home' },
    { to: '/2fa-qr', expected: '/home' },
    { to: '/reset-password/abc', expected: '/home' },
    { to: null, expected: '/home' },
  ])('safeRedirect($to) → $expected', ({ to, expected }) => {
    expect(safeRedirect(to, '/home')).toBe(expected);
  });

  it('keeps a useful redirectTo only', () => {
    expect(withRedirectTo('/2fa', '/connectors/list')).toBe('/2fa?redirectTo=%2Fconnectors%2Flist');
    expect(withRedirectTo('/2fa?notice=2fa', '/x')).toBe('/2fa?notice=2fa&redirectTo=%2Fx');
    expect(withRedirectTo('/2fa', '//evil')).toBe('/2fa');
    expect(withRedirectTo('/2fa', null)).toBe('/2fa');
  });
});
