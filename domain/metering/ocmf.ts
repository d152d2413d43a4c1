/**
 * @module OCMF ("Open Charge Metering Format", S.A.F.E. e.V.) signed meter values (ADR 060):
 * `OCMF|{payload}|{signature}`; the signature covers the payload JSON text byte for byte, as sent.
 */
import { base64ToBytes, hexToBytes, utf8 } from './bytes';
import { type CurveName, curveFromName, type HashName, parsePublicKey, pointFits, verifyEcdsa } from './ecdsa';
import type { SignedCheck, SignedReading } from './signed-values';

/** The signature algorithm when SA is absent (OCMF: "ECDSA-secp256r1-SHA256" is the default). */
const DEFAULT_SA = 'ECDSA-secp256r1-SHA256';

export interface OcmfParts {
  payloadText: string;
  payload: Record<string, unknown>;
  signature: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Splits and parses; null when the text is not OCMF. The signature section is the last one. */
export function parseOcmf(data: string): OcmfParts | null {
  const body = data.trim();
  if (!body.startsWith('OCMF|')) return null;
  const cut = body.lastIndexOf('|');
  if (cut <= 4) return null;
  const payloadText = body.slice(5, cut);
  try {
    const payload: unknown = JSON.parse(payloadText);
    const signature: unknown = JSON.parse(body.slice(cut + 1));
    if (!isObject(payload) || !isObject(signature)) return null;
    return { payloadText, payload, signature };
  } catch {
    return null;
  }
}

/** "2018-07-24T13:22:04,000+0200 S" → ISO 8601 in UTC; null when unreadable. */
export function ocmfTime(tm: unknown): string | null {
  const match =
    typeof tm === 'string' ? /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:[,.](\d{1,3}))?([+-]\d\d):?(\d\d)/.exec(tm) : null;
  if (!match) return null;
  const iso = `${match[1]}.${(match[2] ?? '0').padEnd(3, '0')}${match[3]}:${match[4]}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Readings in Wh where the unit is energy; RU carries over from the reading before when absent. */
export function ocmfReadings(payload: Record<string, unknown>): SignedReading[] {
  const rows = Array.isArray(payload.RD) ? payload.RD : [];
  let unit: string | null = null;
  return rows.filter(isObject).map((row) => {
    unit = text(row.RU) ?? unit;
    const value = typeof row.RV === 'number' ? row.RV : typeof row.RV === 'string' ? Number(row.RV) : Number.NaN;
    const factor = unit === 'kWh' ? 1000 : unit === 'Wh' ? 1 : null;
    return {
      time: ocmfTime(row.TM),
      valueWh: factor !== null && Number.isFinite(value) ? Math.round(value * factor * 1000) / 1000 : null,
      reason: text(row.TX),
      status: text(row.ST),
    };
  });
}

/** "ECDSA-secp256r1-SHA256" → curve and hash; null for anything else (status 'unsupported'). */
export function ocmfAlgorithm(sa: string): { curve: CurveName; hash: HashName } | null {
  const match = /^ECDSA-([A-Za-z0-9]+)-SHA(256|384|512)$/.exec(sa);
  const curve = match?.[1] ? curveFromName(match[1]) : null;
  return match && curve ? { curve, hash: `SHA-${match[2]}` as HashName } : null;
}

function signatureBytes(signature: Record<string, unknown>): Uint8Array | null {
  const sd = text(signature.SD);
  if (!sd) return null;
  const encoding = (text(signature.SE) ?? 'hex').toLowerCase();
  return encoding === 'base64' ? base64ToBytes(sd) : hexToBytes(sd);
}

/** Parses and verifies one OCMF value; never throws. */
export async function verifyOcmf(
  data: string,
  publicKey: string | null,
  signingMethod: string | null = null,
): Promise<SignedCheck> {
  const base = { format: 'OCMF' as const, meterSerial: null, publicKey: null, readings: [], signatureAlgorithm: null };
  const parts = parseOcmf(data);
  if (!parts) return { ...base, status: 'malformed', message: 'Not a readable OCMF value (OCMF|payload|signature).' };
  const { payload, signature, payloadText } = parts;
  const sa = text(signature.SA) ?? signingMethod ?? DEFAULT_SA;
  const found = {
    ...base,
    meterSerial: text(payload.MS),
    readings: ocmfReadings(payload),
    signatureAlgorithm: sa,
  };
  const algorithm = ocmfAlgorithm(sa);
  if (!algorithm) return { ...found, status: 'unsupported', message: `Signature algorithm ${sa} is not supported.` };
  const sig = signatureBytes(signature);
  if (!sig)
    return { ...found, status: 'malformed', message: 'The signature (SD) is missing or not in its encoding (SE).' };
  if (!publicKey) return { ...found, status: 'no_public_key', message: 'No public key for this meter.' };
  const key = parsePublicKey(publicKey);
  if (!key)
    return {
      ...found,
      status: 'malformed',
      message: 'The public key is neither DER nor a raw point, in hex or base64.',
    };
  const withKey = { ...found, publicKey: key.hex };
  if ((key.curve && key.curve !== algorithm.curve) || !pointFits(algorithm.curve, key.point)) {
    return {
      ...withKey,
      status: 'invalid',
      message: `The public key is not a ${algorithm.curve} key, as ${sa} needs.`,
    };
  }
  try {
    const ok = await verifyEcdsa(algorithm.curve, algorithm.hash, utf8(payloadText), sig, key.point);
    return ok
      ? { ...withKey, status: 'valid', message: 'The signature matches the meter data and the public key.' }
      : { ...withKey, status: 'invalid', message: 'The signature does not match the meter data and the public key.' };
  } catch {
    return { ...withKey, status: 'malformed', message: 'The signature or the public key could not be read as ECDSA.' };
  }
}
