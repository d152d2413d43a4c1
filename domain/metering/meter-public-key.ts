/**
 * @module The meter public key a station setting holds (ADR 060): a DER SubjectPublicKeyInfo written
 * as hex, base64 or PEM. Only its structure is checked here (SEQUENCE { AlgorithmIdentifier, BIT
 * STRING }); whether it verifies a signature is domain/metering/signed-values.ts's business.
 */
import { base64ToBytes, derChildren, hexToBytes, readDer } from './bytes';

const PEM = /-----(BEGIN|END) PUBLIC KEY-----/g;

/** The SPKI bytes of `text` (hex, base64 or PEM), or null when it is not one. */
export function spkiBytes(text: string): Uint8Array | null {
  const clean = text.replace(PEM, '').trim();
  const bytes = hexToBytes(clean) ?? base64ToBytes(clean);
  if (!bytes) return null;
  const outer = readDer(bytes);
  if (outer?.tag !== 0x30 || outer.end !== bytes.length) return null;
  const [algorithm, key, ...rest] = derChildren(outer.value) ?? [];
  if (algorithm?.tag !== 0x30 || key?.tag !== 0x03 || rest.length > 0) return null;
  if (derChildren(algorithm.value)?.[0]?.tag !== 0x06) return null;
  return key.value.length > 1 ? bytes : null;
}

/** `text` as stored: trimmed, one line (a PEM's armour and line breaks removed). */
export function normalizedPublicKey(text: string): string {
  return text.replace(PEM, '').replace(/\s+/g, '');
}
