/**
 * @module Encrypts small secrets at rest (TOTP seeds) with AES-256-GCM. The key is derived from
 * SESSION_SECRET with HKDF, so a database dump alone does not reveal the seeds. The caller's
 * `context` (e.g. `totp:42`) is bound as additional data: a ciphertext copied to another row
 * does not decrypt there. Stored as `v1.<iv base64url>.<ciphertext base64url>`.
 */
import { base64ToBytes, bytesToBase64Url } from './encoding';

const VERSION = 'v1';
const HKDF_INFO = 'back-office secret-box v1';

async function deriveKey(masterSecret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(masterSecret), 'HKDF', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(HKDF_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/');
  return base64ToBytes(padded + '='.repeat((4 - (padded.length % 4)) % 4));
}

export async function encryptSecret(plaintext: string, masterSecret: string, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
    await deriveKey(masterSecret),
    new TextEncoder().encode(plaintext),
  );
  return [VERSION, bytesToBase64Url(iv), bytesToBase64Url(new Uint8Array(sealed))].join('.');
}

/** The plaintext, or null when the value was tampered with, moved or sealed under another key. */
export async function decryptSecret(stored: string, masterSecret: string, context: string): Promise<string | null> {
  const [version, iv, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: new TextEncoder().encode(context) },
      await deriveKey(masterSecret),
      fromBase64Url(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
