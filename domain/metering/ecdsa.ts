/**
 * @module ECDSA verification for signed meter values (ADR 060): P-256 and P-384 through WebCrypto
 * (Node and workerd alike); secp192r1 (Alfen, older OCMF meters), brainpool and secp256k1, which
 * WebCrypto lacks, through @noble/curves. Keys arrive as DER SubjectPublicKeyInfo or as raw points.
 */
import { ecdsa, weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { brainpoolP256r1, brainpoolP384r1 } from '@noble/curves/misc.js';
import { p256, p384, p521 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64ToBytes, bytesToHex, derChildren, hexToBytes, readDer } from './bytes';

/** secp192r1 (NIST P-192, X9.62 prime192v1) with its published SEC 2 parameters. */
export const secp192r1 = ecdsa(
  weierstrass({
    p: BigInt('0xfffffffffffffffffffffffffffffffeffffffffffffffff'),
    n: BigInt('0xffffffffffffffffffffffff99def836146bc9b1b4d22831'),
    h: BigInt(1),
    a: BigInt('0xfffffffffffffffffffffffffffffffefffffffffffffffc'),
    b: BigInt('0x64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1'),
    Gx: BigInt('0x188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012'),
    Gy: BigInt('0x07192b95ffc8da78631011ed6b24cdd573f977a11e794811'),
  }),
  sha256,
);

export type CurveName =
  | 'secp192r1'
  | 'secp256r1'
  | 'secp384r1'
  | 'secp521r1'
  | 'secp256k1'
  | 'brainpoolP256r1'
  | 'brainpoolP384r1';
export type HashName = 'SHA-256' | 'SHA-384' | 'SHA-512';

const NOBLE = {
  secp192r1,
  secp256r1: p256,
  secp384r1: p384,
  secp521r1: p521,
  secp256k1,
  brainpoolP256r1,
  brainpoolP384r1,
};
const WEBCRYPTO: Partial<Record<CurveName, string>> = { secp256r1: 'P-256', secp384r1: 'P-384' };
/** Field size in bytes: a raw point is 1 + 2 × this (uncompressed) or 1 + this (compressed). */
export const COORDINATE_BYTES: Record<CurveName, number> = {
  secp192r1: 24,
  secp256r1: 32,
  secp384r1: 48,
  secp521r1: 66,
  secp256k1: 32,
  brainpoolP256r1: 32,
  brainpoolP384r1: 48,
};
const CURVE_OIDS: Record<string, CurveName> = {
  '2a8648ce3d030101': 'secp192r1',
  '2a8648ce3d030107': 'secp256r1',
  '2b81040022': 'secp384r1',
  '2b81040023': 'secp521r1',
  '2b8104000a': 'secp256k1',
  '2b2403030208010107': 'brainpoolP256r1',
  '2b240303020801010b': 'brainpoolP384r1',
};
const EC_PUBLIC_KEY_OID = '2a8648ce3d0201';

/** OCMF and OCPP spell curves their own way ("brainpool256r1", "secp256r1", "P-256"): one name each. */
export function curveFromName(name: string): CurveName | null {
  const n = name.toLowerCase().replace(/[-_]/g, '');
  if (n === 'secp192r1' || n === 'prime192v1' || n === 'p192') return 'secp192r1';
  if (n === 'secp256r1' || n === 'prime256v1' || n === 'p256') return 'secp256r1';
  if (n === 'secp384r1' || n === 'p384') return 'secp384r1';
  if (n === 'secp521r1' || n === 'p521') return 'secp521r1';
  if (n === 'secp256k1') return 'secp256k1';
  if (n === 'brainpool256r1' || n === 'brainpoolp256r1') return 'brainpoolP256r1';
  if (n === 'brainpool384r1' || n === 'brainpoolp384r1') return 'brainpoolP384r1';
  return null;
}

export interface PublicKey {
  /** The curve named inside a DER key; null for a raw point (the signature's algorithm decides). */
  curve: CurveName | null;
  /** SEC1 point: 04‖X‖Y or compressed 02/03‖X. */
  point: Uint8Array;
  /** The key as hex, as it is shown and exported. */
  hex: string;
}

/** A public key as hex or base64: DER SubjectPublicKeyInfo, a SEC1 point, or bare X‖Y. */
export function parsePublicKey(text: string): PublicKey | null {
  // A PEM's armour and line breaks are dropped: stations' settings hold keys in all three spellings.
  const trimmed = text.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bytes = hexToBytes(trimmed) ?? base64ToBytes(trimmed);
  if (!bytes || bytes.length < 16) return null;
  const hex = bytesToHex(bytes);
  if (bytes[0] === 0x30) {
    const spki = readDer(bytes);
    const parts = spki && spki.end === bytes.length ? derChildren(spki.value) : null;
    const algorithm = parts?.[0]?.tag === 0x30 ? derChildren(parts[0].value) : null;
    const bits = parts?.[1];
    if (!algorithm || !bits || bits.tag !== 0x03 || bits.value[0] !== 0) return null;
    if (algorithm[0]?.tag !== 0x06 || bytesToHex(algorithm[0].value) !== EC_PUBLIC_KEY_OID) return null;
    const curve = algorithm[1]?.tag === 0x06 ? (CURVE_OIDS[bytesToHex(algorithm[1].value)] ?? null) : null;
    if (!curve) return null;
    return { curve, point: bits.value.subarray(1), hex };
  }
  const isSec1 =
    (bytes[0] === 0x04 && bytes.length % 2 === 1) ||
    ((bytes[0] === 0x02 || bytes[0] === 0x03) && bytes.length % 2 === 1);
  if (isSec1) return { curve: null, point: bytes, hex };
  if (bytes.length % 2 === 0) return { curve: null, point: Uint8Array.of(0x04, ...bytes), hex };
  return null;
}

const OID_OF_CURVE = Object.fromEntries(Object.entries(CURVE_OIDS).map(([oid, curve]) => [curve, oid])) as Record<
  CurveName,
  string
>;

function der(tag: number, value: Uint8Array): Uint8Array {
  const n = value.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Uint8Array.of(tag, ...length, ...value);
}

/** A raw point as DER SubjectPublicKeyInfo hex, the form the S.A.F.E. software reads OCMF keys in. */
export function spkiHex(curve: CurveName, point: Uint8Array): string {
  const uncompressed = NOBLE[curve].Point.fromBytes(point).toBytes(false);
  const algorithm = der(
    0x30,
    Uint8Array.of(
      ...der(0x06, hexToBytes(EC_PUBLIC_KEY_OID) as Uint8Array),
      ...der(0x06, hexToBytes(OID_OF_CURVE[curve]) as Uint8Array),
    ),
  );
  return bytesToHex(der(0x30, Uint8Array.of(...algorithm, ...der(0x03, Uint8Array.of(0, ...uncompressed)))));
}

/** Whether a point has the size of a point on this curve. */
export function pointFits(curve: CurveName, point: Uint8Array): boolean {
  const size = COORDINATE_BYTES[curve];
  return point.length === 1 + 2 * size || point.length === 1 + size;
}

/** DER ECDSA-Sig-Value → fixed-width r‖s (IEEE P1363), as WebCrypto wants it; raw r‖s passes through. */
export function signatureToP1363(signature: Uint8Array, size: number): Uint8Array | null {
  const raw = signature.length === 2 * size ? signature : null;
  const sequence = readDer(signature);
  const parts = sequence?.tag === 0x30 && sequence.end === signature.length ? derChildren(sequence.value) : null;
  if (parts?.length !== 2 || parts.some((p) => p.tag !== 0x02)) return raw;
  const out = new Uint8Array(2 * size);
  for (const [i, part] of parts.entries()) {
    let value = part.value;
    while (value.length > 1 && value[0] === 0) value = value.subarray(1);
    if (value.length > size) return null;
    out.set(value, (i + 1) * size - value.length);
  }
  return out;
}

/**
 * Verifies an ECDSA signature (DER or raw r‖s) over `message` hashed with `hash`. Throws only on
 * unusable input (the caller turns that into 'malformed'); a wrong signature is `false`.
 */
export async function verifyEcdsa(
  curve: CurveName,
  hash: HashName,
  message: Uint8Array,
  signature: Uint8Array,
  point: Uint8Array,
): Promise<boolean> {
  const size = COORDINATE_BYTES[curve];
  const raw = signatureToP1363(signature, size);
  if (!raw) throw new Error('the signature is neither DER nor r‖s of this curve');
  const uncompressed = NOBLE[curve].Point.fromBytes(point).toBytes(false);
  const named = WEBCRYPTO[curve];
  if (named) {
    const key = await crypto.subtle.importKey(
      'raw',
      new Uint8Array(uncompressed),
      { name: 'ECDSA', namedCurve: named },
      false,
      ['verify'],
    );
    return crypto.subtle.verify({ name: 'ECDSA', hash }, key, new Uint8Array(raw), new Uint8Array(message));
  }
  const digest = new Uint8Array(await crypto.subtle.digest(hash, new Uint8Array(message)));
  return NOBLE[curve].verify(raw, digest, uncompressed, { prehash: false, lowS: false, format: 'compact' });
}
