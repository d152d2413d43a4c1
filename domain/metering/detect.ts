/**
 * @module Which signed meter value format a station sent, after undoing its transport encoding
 * (OCPP 2.0.1 sends base64, some 1.6 stations hex, most plain text). ADR 060.
 */
import { base64ToBytes, hexToBytes, utf8Text } from './bytes';
import type { SignedFormat, SignedInput } from './signed-values';

export const formatOfText = (text: string): SignedFormat =>
  text.startsWith('OCMF|') ? 'OCMF' : text.startsWith('AP;') ? 'ALFEN' : 'unknown';

/** The value as text, decoded from its declared encoding, else guessed (plain, then hex, then base64). */
export function decodeSignedData(input: Pick<SignedInput, 'signedData' | 'encoding'>): string | null {
  const data = input.signedData.trim();
  const encoding = input.encoding?.trim().toLowerCase() || null;
  const fromBytes = (bytes: Uint8Array | null) => (bytes ? (utf8Text(bytes)?.trim() ?? null) : null);
  const declared =
    encoding === 'hex' ? fromBytes(hexToBytes(data)) : encoding === 'base64' ? fromBytes(base64ToBytes(data)) : data;
  if (declared !== null && formatOfText(declared) !== 'unknown') return declared;
  // Stations do mislabel: a value that reads as a known format another way is taken that way.
  for (const guess of [data, fromBytes(hexToBytes(data)), fromBytes(base64ToBytes(data))]) {
    if (guess && formatOfText(guess) !== 'unknown') return guess;
  }
  return declared;
}

export function detectFormat(input: SignedInput): SignedFormat {
  const text = decodeSignedData(input);
  return text ? formatOfText(text) : 'unknown';
}
