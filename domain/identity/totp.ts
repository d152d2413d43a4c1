/**
 * @module Authenticator-app (TOTP, RFC 6238) helpers: SHA1, 6 digits, 30 s steps, one step of
 * clock drift either way. These are the parameters every common authenticator app assumes.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Back office';
export const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps of drift accepted either side of now. */
export const TOTP_WINDOW = 1;

/** A fresh 160-bit secret in base32, the size RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secretBase32),
    ...TOTP_PARAMS,
  });
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, label: string): string {
  return totp(secretBase32, label).toString();
}

/** The time step a timestamp falls in. */
export function totpStep(nowMs: number): number {
  return TOTP.counter({ period: TOTP_PARAMS.period, timestamp: nowMs });
}

/** The code for `nowMs`; tests and the dev tools use it, the server only verifies. */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totp(secretBase32).generate({ timestamp: nowMs });
}

/**
 * The time step the code matches, or null. A step at or before `lastUsedStep` is refused so a
 * code seen once (over a shoulder, in a proxy log) cannot be replayed within its window.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null = null,
): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
