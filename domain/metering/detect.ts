/**
 * @module Which signed meter value format a station sent, after undoing its transport encoding
 * (OCPP 2.0.1 sends base64, some 1.6 stations hex, most plain text). ADR 060.
 */
import { base64ToBytes, hexToBytes, utf8Text } from './bytes';
import type { SignedFormat, SignedInput } from './signed-values';

export const formatOfText = (text: string): SignedFormat =>
  text.startsWith('OCMF|') ? 'OCMF' : text.startsWith('AP;') ? 'ALFEN' : 'unknown';

/**
 * The transport encoding a stored label names: 'plain', 'hex', 'base64', or null (1.6: guessed). Rows
 * captured before the capture mapped 2.0.1 values to 'base64' hold the station's encodingMethod, which
 * names the format ("OCMF", "EDL"): their signedMeterData is base64 all the same (OCPP 2.0.1).
 */
export function transportEncoding(label: string | null | undefined): 'plain' | 'hex' | 'base64' | null {
  const encoding = label?.trim().toLowerCase() || null;
  return encoding === null || encoding === 'plain' || encoding === 'hex' ? encoding : 'base64';
}

/** The value as text, decoded from its declared encoding, else guessed (plain, then hex, then base64). */
export function decodeSignedData(input: Pick<SignedInput, 'signedData' | 'encoding'>): string | null {
  const data = input.signedData.trim();
  const encoding = transportEncoding(input.encoding);
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
