/**
 * @module PKCS#10 certificate signing requests (RFC 2986): subject, public key and requested
 * extensions, and the check of the request's own signature (proof that the sender holds the key).
 */
import { bitStringBytes, type Der, DerError, decodeOid, expect, readDer, TAG } from './der';
import { checkStrength, type PublicKeyInfo, readPublicKeyInfo, UnsupportedKey, verifySignature } from './keys';
import { type Name, readName } from './names';
import { OID } from './oids';
import { pemBlocks } from './pem';

export interface Extension {
  oid: string;
  critical: boolean;
  /** The extnValue contents (the DER of the extension's own value). */
  value: Uint8Array;
}

export interface Csr {
  subject: Name;
  publicKey: PublicKeyInfo;
  signatureAlgorithm: string;
  signature: Uint8Array;
  /** The signed part (CertificationRequestInfo) exactly as received. */
  info: Uint8Array;
  requestedExtensions: Extension[];
}

/** Why a CSR cannot be used, in words for the operator (never holds key material). */
export class CsrError extends Error {}

export function readExtensions(el: Der | undefined): Extension[] {
  return expect(el, TAG.SEQUENCE).map((ext) => {
    const parts = expect(ext, TAG.SEQUENCE, 2);
    const critical = parts[1]?.tag === TAG.BOOLEAN ? parts[1].value[0] !== 0 : false;
    const value = parts[parts.length - 1];
    if (value?.tag !== TAG.OCTET_STRING) throw new DerError('Malformed extension');
    return { oid: decodeOid(parts[0]), critical, value: value.value };
  });
}

function readAttributes(el: Der | undefined): Extension[] {
  if (!el) return [];
  if (el.tag !== 0xa0) throw new DerError('Malformed CSR attributes');
  const out: Extension[] = [];
  for (const attribute of expect(el, 0xa0)) {
    const [type, values] = expect(attribute, TAG.SEQUENCE, 2);
    if (decodeOid(type) !== OID.extensionRequest) continue;
    for (const v of expect(values, TAG.SET)) out.push(...readExtensions(v));
  }
  return out;
}

/** Reads the first CSR of a PEM text; a malformed or unsupported one is a CsrError saying why. */
export function parseCsr(pem: string): Csr {
  const der = pemBlocks(pem, 'CERTIFICATE REQUEST')[0] ?? pemBlocks(pem, 'NEW CERTIFICATE REQUEST')[0] ?? null;
  if (!der) throw new CsrError('Not a PEM certificate signing request');
  try {
    const [info, algorithm, signature] = expect(readDer(der), TAG.SEQUENCE, 3);
    const [version, subject, spki, attributes] = expect(info, TAG.SEQUENCE, 3);
    if (version?.tag !== TAG.INTEGER || version.value.length !== 1 || version.value[0] !== 0) {
      throw new DerError('Unknown CSR version');
    }
    const publicKey = readPublicKeyInfo(spki);
    checkStrength(publicKey.kind);
    return {
      subject: readName(subject),
      publicKey,
      signatureAlgorithm: decodeOid(expect(algorithm, TAG.SEQUENCE, 1)[0]),
      signature: bitStringBytes(signature),
      info: (info as Der).raw,
      requestedExtensions: readAttributes(attributes),
    };
  } catch (error) {
    if (error instanceof UnsupportedKey) throw new CsrError(error.message);
    if (error instanceof DerError || error instanceof TypeError) throw new CsrError(`Malformed CSR: ${error.message}`);
    throw error;
  }
}

/** Whether the CSR is signed by the key it carries (a tampered request fails). */
export async function verifyCsr(csr: Csr): Promise<boolean> {
  try {
    return await verifySignature(csr.publicKey, csr.signatureAlgorithm, csr.signature, csr.info);
  } catch (error) {
    if (error instanceof UnsupportedKey) throw new CsrError(error.message);
    return false;
  }
}
