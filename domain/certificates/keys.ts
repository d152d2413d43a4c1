/**
 * @module Public keys and signatures through WebCrypto (Node and workerd alike): which keys are
 * accepted (ECDSA P-256/P-384, RSA 2048 or more), and the DER ⇄ raw form of ECDSA signatures.
 */
import {
  bitStringBytes,
  concat,
  type Der,
  DerError,
  decodeOid,
  derNull,
  expect,
  oid,
  readDer,
  seq,
  TAG,
  unsignedInteger,
} from './der';
import { OID } from './oids';

export type Curve = 'P-256' | 'P-384';
export type KeyKind = { type: 'EC'; curve: Curve } | { type: 'RSA'; bits: number };
type Hash = 'SHA-256' | 'SHA-384' | 'SHA-512';

export const MIN_RSA_BITS = 2048;

export interface PublicKeyInfo {
  /** The whole SubjectPublicKeyInfo, copied unchanged into certificates. */
  raw: Uint8Array;
  /** The subjectPublicKey bits (what the key identifier hashes). */
  key: Uint8Array;
  kind: KeyKind;
}

const CURVES: Readonly<Record<string, Curve>> = { [OID.p256]: 'P-256', [OID.p384]: 'P-384' };
const SIGNATURES: Readonly<Record<string, { type: KeyKind['type']; hash: Hash }>> = {
  [OID.ecdsaWithSHA256]: { type: 'EC', hash: 'SHA-256' },
  [OID.ecdsaWithSHA384]: { type: 'EC', hash: 'SHA-384' },
  [OID.ecdsaWithSHA512]: { type: 'EC', hash: 'SHA-512' },
  [OID.sha256WithRSA]: { type: 'RSA', hash: 'SHA-256' },
  [OID.sha384WithRSA]: { type: 'RSA', hash: 'SHA-384' },
  [OID.sha512WithRSA]: { type: 'RSA', hash: 'SHA-512' },
};

/** Reads a SubjectPublicKeyInfo; an unsupported algorithm or curve is an error that says which. */
export function readPublicKeyInfo(el: Der | undefined): PublicKeyInfo {
  const [algorithm, bits] = expect(el, TAG.SEQUENCE, 2);
  const [algOid, params] = expect(algorithm, TAG.SEQUENCE, 1);
  const key = bitStringBytes(bits);
  const type = decodeOid(algOid);
  if (type === OID.ecPublicKey) {
    const curveOid = params?.tag === TAG.OID ? decodeOid(params) : '';
    const curve = CURVES[curveOid];
    if (!curve) throw new UnsupportedKey(`EC curve ${curveOid || '(none)'} is not supported (P-256 or P-384)`);
    return { raw: (el as Der).raw, key, kind: { type: 'EC', curve } };
  }
  if (type === OID.rsaEncryption) {
    // The RSAPublicKey (modulus, exponent) is itself DER inside the BIT STRING.
    const [modulus] = expect(readDer(key), TAG.SEQUENCE, 2);
    let n = modulus?.value ?? new Uint8Array();
    while (n.length > 0 && n[0] === 0) n = n.subarray(1);
    const size = n.length * 8 - Math.clz32(n[0] ?? 0) + 24;
    return { raw: (el as Der).raw, key, kind: { type: 'RSA', bits: n.length === 0 ? 0 : size } };
  }
  throw new UnsupportedKey(`Key algorithm ${type} is not supported (ECDSA or RSA)`);
}

export class UnsupportedKey extends Error {}

/** Refuses keys too weak for the Security Whitepaper (RSA under 2048 bits). */
export function checkStrength(kind: KeyKind): void {
  if (kind.type === 'RSA' && kind.bits < MIN_RSA_BITS) {
    throw new UnsupportedKey(`RSA key of ${kind.bits} bits is too weak (at least ${MIN_RSA_BITS})`);
  }
}

export function keyLabel(kind: KeyKind): string {
  return kind.type === 'EC' ? `EC ${kind.curve}` : `RSA ${kind.bits}`;
}

function importParams(kind: KeyKind, hash: Hash): EcKeyImportParams | RsaHashedImportParams {
  return kind.type === 'EC' ? { name: 'ECDSA', namedCurve: kind.curve } : { name: 'RSASSA-PKCS1-v1_5', hash };
}

function signParams(kind: KeyKind, hash: Hash): EcdsaParams | AlgorithmIdentifier {
  return kind.type === 'EC' ? { name: 'ECDSA', hash } : { name: 'RSASSA-PKCS1-v1_5' };
}

/** A copy backed by its own ArrayBuffer, as WebCrypto's typings ask (DER views share a buffer). */
const owned = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

const curveBytes = (curve: Curve) => (curve === 'P-256' ? 32 : 48);

/** Whether `signature` (as X.509 carries it) by `algorithm` over `data` verifies with `spki`. */
export async function verifySignature(
  spki: PublicKeyInfo,
  algorithm: string,
  signature: Uint8Array,
  data: Uint8Array,
): Promise<boolean> {
  const alg = SIGNATURES[algorithm];
  if (!alg) throw new UnsupportedKey(`Signature algorithm ${algorithm} is not supported`);
  if (alg.type !== spki.kind.type) throw new UnsupportedKey('Signature algorithm does not match the key');
  const key = await crypto.subtle.importKey('spki', owned(spki.raw), importParams(spki.kind, alg.hash), false, [
    'verify',
  ]);
  let sig = signature;
  if (spki.kind.type === 'EC') {
    try {
      sig = ecdsaDerToRaw(signature, curveBytes(spki.kind.curve));
    } catch {
      return false;
    }
  }
  return crypto.subtle.verify(signParams(spki.kind, alg.hash), key, owned(sig), owned(data));
}

/** How a CA key signs: P-256 with SHA-256, P-384 with SHA-384, RSA with SHA-256. */
export interface Signer {
  kind: KeyKind;
  /** The AlgorithmIdentifier written in certificates, and its OID. */
  algorithm: Uint8Array;
  algorithmOid: string;
  sign(data: Uint8Array): Promise<Uint8Array>;
}

export async function importSigner(pkcs8: Uint8Array, kind: KeyKind): Promise<Signer> {
  const hash: Hash = kind.type === 'EC' && kind.curve === 'P-384' ? 'SHA-384' : 'SHA-256';
  const key = await crypto.subtle.importKey('pkcs8', owned(pkcs8), importParams(kind, hash), false, ['sign']);
  const algorithmOid =
    kind.type === 'RSA' ? OID.sha256WithRSA : hash === 'SHA-384' ? OID.ecdsaWithSHA384 : OID.ecdsaWithSHA256;
  // RSA AlgorithmIdentifiers carry an explicit NULL parameter; ECDSA ones none (RFC 5758 3.2).
  const algorithm = kind.type === 'RSA' ? seq(oid(algorithmOid), derNull()) : seq(oid(algorithmOid));
  return {
    kind,
    algorithm,
    algorithmOid,
    async sign(data) {
      const sig = new Uint8Array(await crypto.subtle.sign(signParams(kind, hash), key, owned(data)));
      return kind.type === 'EC' ? ecdsaRawToDer(sig) : sig;
    },
  };
}

/** Ecdsa-Sig-Value (SEQUENCE of r and s) → r‖s, each left-padded to the curve's size. */
export function ecdsaDerToRaw(der: Uint8Array, size: number): Uint8Array {
  const [r, s] = expect(readDer(der), TAG.SEQUENCE, 2);
  const fixed = (el: Der | undefined) => {
    if (!el || el.tag !== TAG.INTEGER) throw new DerError('Expected an INTEGER');
    let v = el.value;
    while (v.length > 0 && v[0] === 0) v = v.subarray(1);
    if (v.length > size) throw new DerError('ECDSA value too long');
    const out = new Uint8Array(size);
    out.set(v, size - v.length);
    return out;
  };
  return concat([fixed(r), fixed(s)]);
}

export function ecdsaRawToDer(raw: Uint8Array): Uint8Array {
  const half = raw.length / 2;
  return seq(unsignedInteger(raw.subarray(0, half)), unsignedInteger(raw.subarray(half)));
}

export async function sha1(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-1', owned(bytes)));
}
