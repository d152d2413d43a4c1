/**
 * @module The two random identifiers of a QR payment, from random bytes the caller draws
 * (crypto.getRandomValues), so the format is testable: the public token of the driver's pages
 * (32 base64url characters, 192 bits) and the one-time OCPP idTag `EP-` + 16 of [A-Z0-9] (about 82
 * bits; 19 characters, within OCPP 1.6's idTag limit of 20). `EP-` makes the session show start method
 * POS and be priced with the ad-hoc payment type (spec 9).
 */

export const TOKEN_BYTES = 24;
export const AUTH_ID_BYTES = 16;
const AUTH_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function tokenFrom(bytes: Uint8Array): string {
  if (bytes.length !== TOKEN_BYTES) throw new Error(`a token needs ${TOKEN_BYTES} random bytes`);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    for (const shift of [18, 12, 6, 0]) out += B64URL.charAt((n >> shift) & 63);
  }
  return out;
}

/** `EP-` and 16 characters; the modulo bias of 256 % 36 is irrelevant at this length. */
export function authIdFrom(bytes: Uint8Array): string {
  if (bytes.length !== AUTH_ID_BYTES) throw new Error(`an auth id needs ${AUTH_ID_BYTES} random bytes`);
  return `EP-${[...bytes].map((b) => AUTH_ALPHABET.charAt(b % AUTH_ALPHABET.length)).join('')}`;
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const AUTH_ID_PATTERN = /^EP-[A-Z0-9]{16}$/;

export const isToken = (s: string) => TOKEN_PATTERN.test(s);
export const isQrAuthId = (s: string) => AUTH_ID_PATTERN.test(s.trim().toUpperCase());
