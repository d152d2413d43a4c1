import { describe, expect, it } from 'vitest';
import {
  ACR_MULTI_FACTOR,
  attemptExpiry,
  attemptUse,
  domainAllowed,
  emailDomain,
  normalizeDomain,
  SSO_ATTEMPT_TTL_MINUTES,
  secondFactorRequired,
} from './sso';

describe('SSO e-mail domains', () => {
  it('stores a domain lower-cased and without a leading @', () => {
    expect(normalizeDomain('  @SSO.Fleetwise.TEST ')).toBe('sso.fleetwise.test');
    expect(normalizeDomain('example.com')).toBe('example.com');
  });

  it('refuses what is not a host name with two labels', () => {
    for (const bad of ['', 'localhost', 'exa mple.com', '-bad.com', 'bad-.com', 'a..com', '127.0.0.1', 'x@y.com'])
      expect(normalizeDomain(bad), bad).toBeNull();
  });

  it("matches only the e-mail's exact domain, case-insensitively", () => {
    expect(emailDomain('Anna@SSO.fleetwise.test')).toBe('sso.fleetwise.test');
    expect(domainAllowed('Anna@SSO.fleetwise.test', ['sso.fleetwise.test'])).toBe(true);
    expect(domainAllowed('anna@evil.sso.fleetwise.test', ['sso.fleetwise.test'])).toBe(false);
    expect(domainAllowed('anna@fleetwise.test', ['sso.fleetwise.test'])).toBe(false);
    expect(domainAllowed('not-an-email', ['sso.fleetwise.test'])).toBe(false);
  });
});

describe('a started SSO login', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it(`can be completed once within ${SSO_ATTEMPT_TTL_MINUTES} minutes`, () => {
    const expiresAt = attemptExpiry(now);
    expect(expiresAt.getTime() - now.getTime()).toBe(SSO_ATTEMPT_TTL_MINUTES * 60_000);
    expect(attemptUse({ expiresAt, usedAt: null }, now)).toBe('usable');
    expect(attemptUse({ expiresAt, usedAt: now }, now)).toBe('used');
  });

  it('is expired from its expiry instant on', () => {
    const expiresAt = attemptExpiry(now);
    expect(attemptUse({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() - 1))).toBe('usable');
    expect(attemptUse({ expiresAt, usedAt: null }, expiresAt)).toBe('expired');
  });
});

describe("the provider's MFA replacing our 2FA", () => {
  it('needs both the company flag and an amr of mfa (or the PAPE multi-factor acr)', () => {
    expect(secondFactorRequired(true, { amr: ['pwd', 'mfa'] })).toBe(false);
    expect(secondFactorRequired(true, { acr: ACR_MULTI_FACTOR })).toBe(false);
    expect(secondFactorRequired(false, { amr: ['pwd', 'mfa'] })).toBe(true);
    expect(secondFactorRequired(true, { amr: ['pwd'] })).toBe(true);
    expect(secondFactorRequired(true, { amr: 'mfa', acr: '1' })).toBe(true);
    expect(secondFactorRequired(true, {})).toBe(true);
  });
});
