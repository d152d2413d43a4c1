/**
 * @module Signed meter values (Eichrecht, issue 23 part 6, ADR 060): detect the format of a
 * station's signed value (OCMF or Alfen "AP;"), read its meter serial and readings, verify its
 * ECDSA signature against the meter's public key, and write the S.A.F.E. transparency software's
 * XML. Pure: no database, no I/O; the OCPP worker, the API and the OCPI CDR call it.
 */
import { verifyAlfen } from './alfen';
import { decodeSignedData, formatOfText } from './detect';
import { verifyOcmf } from './ocmf';

export type SignedFormat = 'OCMF' | 'ALFEN' | 'unknown';
export type SignedStatus = 'valid' | 'invalid' | 'no_public_key' | 'unsupported' | 'malformed';
export interface SignedInput {
  /** The value as the station sent it (1.6 `SignedData` value, 2.0.1 `signedMeterData`). */
  signedData: string;
  /** 'plain', 'hex' or 'base64' (2.0.1 sends base64); guessed when absent. */
  encoding?: string | null;
  /** The meter's public key (DER/SPKI or raw point, hex or base64): the station's configured key or 2.0.1 `publicKey`. */
  publicKey?: string | null;
  /** 2.0.1 `signingMethod`, used when the value does not name its algorithm. */
  signingMethod?: string | null;
}
export interface SignedReading {
  /** ISO 8601 (UTC) when the meter gives a time. */
  time: string | null;
  /** The register value in Wh; null when the reading is not energy. */
  valueWh: number | null;
  /** OCMF TX (B begin, C charging, X exception, E end, L, R, A, P, S, T) or the Alfen equivalent. */
  reason: string | null;
  /** The meter's status of the reading (OCMF ST: G good, T timeout, …). */
  status: string | null;
}
export interface SignedCheck {
  format: SignedFormat;
  status: SignedStatus;
  /** Why, in English, for logs and for the operator (the screens translate `status`). */
  message: string;
  meterSerial: string | null;
  /** The key the check used, as hex (from the input or from inside the value). */
  publicKey: string | null;
  readings: SignedReading[];
  signatureAlgorithm: string | null;
}

function unreadable(format: SignedFormat, status: SignedStatus, message: string): SignedCheck {
  return { format, status, message, meterSerial: null, publicKey: null, readings: [], signatureAlgorithm: null };
}

/**
 * Reads and verifies one signed value; never throws. 'valid' says the signature matches the data
 * and the key given: whether that key is the meter's own is for the caller to trust (ADR 060).
 */
export async function verifySigned(input: SignedInput): Promise<SignedCheck> {
  try {
    const text = decodeSignedData(input);
    if (text === null) return unreadable('unknown', 'malformed', `The value is not ${input.encoding} encoded text.`);
    const format = formatOfText(text);
    const publicKey = input.publicKey?.trim() || null;
    if (format === 'OCMF') return await verifyOcmf(text, publicKey, input.signingMethod?.trim() || null);
    if (format === 'ALFEN') return await verifyAlfen(text, publicKey);
    // XML-based formats (EDL40, signed SML as XML) are real formats this back office does not read yet.
    if (text.startsWith('<')) return unreadable('unknown', 'unsupported', 'This signed value format is not supported.');
    return unreadable('unknown', 'malformed', 'Neither an OCMF nor an Alfen signed value.');
  } catch (error) {
    return unreadable('unknown', 'malformed', `The value could not be read (${(error as Error).message}).`);
  }
}

export { decodeSignedData, detectFormat } from './detect';
export { type SafeValue, safeXml } from './safe-xml';
