/**
 * @module Pure rules of single sign-on with OpenID Connect (ADR 048): which e-mail domains a company
 * may claim and whether an e-mail falls under them, when a started login may still be completed, and
 * when the identity provider's MFA replaces our second factor.
 */

/** How long a started SSO login (its `state`, nonce and PKCE verifier) may be completed. */
export const SSO_ATTEMPT_TTL_MINUTES = 10;

/** The most e-mail domains one company may list. */
export const SSO_MAX_DOMAINS = 20;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain as stored: trimmed, lower-cased, without a leading `@`; null when it is not a host name
 * with at least two labels (e.g. `example.com`, `sso.fleetwise.test`).
 */
export function normalizeDomain(input: string): string | null {
  const domain = input.trim().toLowerCase().replace(/^@/, '');
  if (domain.length === 0 || domain.length > 253) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return domain;
}

/** The lower-cased domain of an e-mail address (after its last `@`), or null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  return normalizeDomain(email.slice(at + 1));
}

/** Whether the e-mail's domain is exactly one of `domains` (sub-domains are not included). */
export function domainAllowed(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain !== null && domains.includes(domain);
}

export type AttemptUse = 'usable' | 'used' | 'expired';

/** A started login completes once, before it expires. */
export function attemptUse(attempt: { expiresAt: Date; usedAt: Date | null }, now: Date): AttemptUse {
  if (attempt.usedAt !== null) return 'used';
  if (attempt.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

export const attemptExpiry = (now: Date) => new Date(now.getTime() + SSO_ATTEMPT_TTL_MINUTES * 60_000);

/** The `acr` value of the OpenID PAPE profile for multi-factor authentication. */
export const ACR_MULTI_FACTOR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

/**
 * Whether the ID token says the provider used more than one factor: its `amr` (RFC 8176) lists
 * `mfa`, or its `acr` is the PAPE multi-factor policy. Nothing else counts.
 */
export function idpUsedMfa(claims: { amr?: unknown; acr?: unknown }): boolean {
  if (Array.isArray(claims.amr) && claims.amr.includes('mfa')) return true;
  return claims.acr === ACR_MULTI_FACTOR;
}

/** Our 2FA is skipped only when the company says the provider's MFA replaces it AND the token proves MFA. */
export function secondFactorRequired(idpMfaReplaces2fa: boolean, claims: { amr?: unknown; acr?: unknown }): boolean {
  return !(idpMfaReplaces2fa && idpUsedMfa(claims));
}
