/**
 * @module Remembers, per isolate, which password matched which stored hash. PBKDF2 at 100,000
 * iterations costs tens of milliseconds of CPU; after a deploy or a network blip thousands of charge
 * points reconnect at once with the same credentials. Keyed by the stored hash, so a changed password
 * (new hash) is never served from the cache; only a SHA-256 of the password is kept. A replaced hash
 * is forgotten too (`forgetHash`), so a retired password is not even cached where the change happened.
 */
import { verifyPassword } from '@domain/identity/password';

const MAX_ENTRIES = 20_000;
const verified = new Map<string, string>();

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function passwordMatches(password: string, storedHash: string): Promise<boolean> {
  const digest = await sha256(password);
  if (verified.get(storedHash) === digest) return true;
  if (!(await verifyPassword(password, storedHash))) return false;
  if (verified.size >= MAX_ENTRIES) verified.clear();
  verified.set(storedHash, digest);
  return true;
}

/** Drops whatever was verified against `storedHash` (a station password that was just replaced). */
export function forgetHash(storedHash: string): void {
  verified.delete(storedHash);
}
