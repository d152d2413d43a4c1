/**
 * @module Password hashing with PBKDF2-HMAC-SHA256 through WebCrypto (ADR 0003): it runs the same
 * in workerd and Node, needs no WebAssembly compiled at run time, and 100,000 iterations is the
 * most workerd allows. Stored as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`.
 */
import { base64ToBytes, bytesToBase64, timingSafeEqual } from './encoding';

export const PBKDF2_ITERATIONS = 100_000;
export const MIN_PASSWORD_LENGTH = 8;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${bytesToBase64(salt)}$${bytesToBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 4 || parts[0] !== 'pbkdf2-sha256') {
    // Spend comparable time so an unknown account is not told apart by timing.
    await derive(password, new Uint8Array(16), PBKDF2_ITERATIONS);
    return false;
  }
  const iterations = Number(parts[1]);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  const hash = await derive(password, base64ToBytes(parts[2] ?? ''), iterations);
  return timingSafeEqual(hash, base64ToBytes(parts[3] ?? ''));
}
