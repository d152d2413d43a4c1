/**
 * @module Which signed meter value format a station sent, after undoing its transport encoding
 * (OCPP 2.0.1 sends base64, some 1.6 stations hex, most plain text). ADR 060.
 */
import { base64ToBytes, hexToBytes, utf8Text } from './bytes';
import type { SignedFormat, SignedInput } from './signed-values';

export const formatOfText = (text: string): SignedFormat =>
  text.startsWith('OCMF|') ? 'OCMF' : text.startsWith('AP;') ? 'ALFEN' : 'unknown';

/** The value as text, decoded from its declared encoding, or guessed (plain, then hex, then base64). */
export function decodeSignedData(input: Pick<SignedInput, 'signedData' | 'encoding'>): string | null {
  const data = input.signedData.trim();
  const encoding = input.encoding?.trim().toLowerCase() || null;
  const fromBytes = (bytes: Uint8Array | null) => (bytes ? (utf8Text(bytes)?.trim() ?? null) : null);
  if (encoding === 'plain' || encoding === 'text') return data;
  if (encoding === 'hex') return fromBytes(hexToBytes(data));
  if (encoding === 'base64') return fromBytes(base64ToBytes(data));
  if (formatOfText(data) !== 'unknown') return data;
  for (const guess of [fromBytes(hexToBytes(data)), fromBytes(base64ToBytes(data))]) {
    if (guess && formatOfText(guess) !== 'unknown') return guess;
  }
  return data;
}

export function detectFormat(input: SignedInput): SignedFormat {
  const text = decodeSignedData(input);
  return text ? formatOfText(text) : 'unknown';
}
