/**
 * @module Alfen "AP" signed meter values (Eichrecht chargers, OCPP 1.6 `SignedData`), ADR 060:
 * `AP;<type>;<blob version>;<public key>;<data set>;<signature>;` with the last three in base32.
 * The 82-byte data set is little endian, without separators; its SHA-256 is signed on secp192r1 and
 * the signature is r‖s (24 bytes each). The meter's compressed public key travels inside the value.
 */
import { base32ToBytes, bytesToHex } from './bytes';
import { parsePublicKey, secp192r1, verifyEcdsa } from './ecdsa';
import type { SignedCheck, SignedReading } from './signed-values';

const DATA_SET_BYTES = 82;
const SIGNATURE_BYTES = 48;
/** DLMS/COSEM unit code of watt-hours, the only unit a reading is given in Wh for. */
const DLMS_WH = 30;
/** Value type → OCMF-style reason: start (B), stop (E), intermediate (C). */
const REASONS: Record<string, string> = { '0': 'B', '1': 'E', '2': 'C' };

export interface AlfenValue {
  type: string;
  blobVersion: string;
  publicKeyText: string;
  publicKey: Uint8Array;
  dataSet: Uint8Array;
  signature: Uint8Array;
  /** Meter id (10 bytes, DLMS server id) as hex, as the S.A.F.E. software shows it. */
  meterId: string;
  adapterId: string;
  reading: SignedReading;
  sessionId: number;
  paging: number;
}

/** register × 10^scalar, dividing for negative scalars so that 1234567 × 10⁻¹ is exactly 123456.7. */
const scaled = (raw: bigint, scalar: number) =>
  scalar >= 0 ? Number(raw) * 10 ** scalar : Number(raw) / 10 ** -scalar;

/** Splits, decodes and reads the data set; null when any part is missing or of the wrong size. */
export function parseAlfen(text: string): AlfenValue | null {
  const fields = text.trim().replace(/;$/, '').split(';');
  const [ap, type, blobVersion, publicKeyText, dataSetText, signatureText] = fields;
  if (
    fields.length !== 6 ||
    ap !== 'AP' ||
    type === undefined ||
    !Object.hasOwn(REASONS, type) ||
    blobVersion?.length !== 1 ||
    publicKeyText === undefined ||
    dataSetText === undefined ||
    signatureText === undefined
  )
    return null;
  const publicKey = base32ToBytes(publicKeyText);
  const dataSet = base32ToBytes(dataSetText);
  const signature = base32ToBytes(signatureText);
  if (!publicKey || dataSet?.length !== DATA_SET_BYTES || signature?.length !== SIGNATURE_BYTES) return null;
  const view = new DataView(dataSet.buffer, dataSet.byteOffset, dataSet.byteLength);
  const unit = dataSet[44];
  const scalar = view.getInt8(45);
  const raw = view.getBigUint64(46, true);
  const seconds = view.getUint32(34, true);
  return {
    type,
    blobVersion,
    publicKeyText,
    publicKey,
    dataSet,
    signature,
    meterId: bytesToHex(dataSet.subarray(16, 26)).toUpperCase(),
    adapterId: bytesToHex(dataSet.subarray(0, 10)).toUpperCase(),
    reading: {
      time: seconds > 0 ? new Date(seconds * 1000).toISOString() : null,
      valueWh: unit === DLMS_WH ? scaled(raw, scalar) : null,
      reason: REASONS[type] ?? null,
      status: bytesToHex(dataSet.slice(26, 30).reverse()).toUpperCase(),
    },
    sessionId: view.getUint32(74, true),
    paging: view.getUint32(78, true),
  };
}

/** A key given beside the value (station setting): base32 as Alfen prints it, or hex/base64/DER. */
function givenKeyPoint(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (/^[A-Z2-7]+=*$/.test(clean)) {
    const bytes = base32ToBytes(clean);
    if (bytes && (bytes.length === 25 || bytes.length === 49)) return bytes;
  }
  const key = parsePublicKey(text);
  return key && (key.curve === null || key.curve === 'secp192r1') ? key.point : null;
}

const samePoint = (a: Uint8Array, b: Uint8Array) =>
  bytesToHex(secp192r1.Point.fromBytes(a).toBytes(true)) === bytesToHex(secp192r1.Point.fromBytes(b).toBytes(true));

/** Parses and verifies one Alfen value; never throws. A key given beside it must be the one inside. */
export async function verifyAlfen(text: string, publicKey: string | null): Promise<SignedCheck> {
  const value = parseAlfen(text);
  const base = { format: 'ALFEN' as const, signatureAlgorithm: 'ECDSA-secp192r1-SHA256' };
  if (!value) {
    return {
      ...base,
      status: 'malformed',
      message: 'Not a readable Alfen value (AP;type;version;key;data;signature).',
      meterSerial: null,
      publicKey: null,
      readings: [],
    };
  }
  const found = {
    ...base,
    meterSerial: value.meterId,
    publicKey: bytesToHex(value.publicKey),
    readings: [value.reading],
  };
  try {
    if (publicKey) {
      const given = givenKeyPoint(publicKey);
      if (!given)
        return { ...found, status: 'malformed', message: 'The configured public key is not a secp192r1 key.' };
      if (!samePoint(given, value.publicKey)) {
        return { ...found, status: 'invalid', message: "The key inside the value is not the meter's configured key." };
      }
    }
    const ok = await verifyEcdsa('secp192r1', 'SHA-256', value.dataSet, value.signature, value.publicKey);
    return ok
      ? { ...found, status: 'valid', message: 'The signature matches the meter data and the public key.' }
      : { ...found, status: 'invalid', message: 'The signature does not match the meter data and the public key.' };
  } catch {
    return { ...found, status: 'malformed', message: 'The public key inside the value is not a point on secp192r1.' };
  }
}
