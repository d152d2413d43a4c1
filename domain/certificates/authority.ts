/**
 * @module The built-in certificate authority's configuration: the issuing certificate (the first of
 * the configured PEM chain) and its PKCS#8 private key, checked to belong together.
 */

import { readExtensions } from './csr';
import { type Der, DerError, decodeTime, expect, readDer, TAG } from './der';
import {
  checkStrength,
  importSigner,
  type PublicKeyInfo,
  readPublicKeyInfo,
  type Signer,
  sha1,
  UnsupportedKey,
  verifySignature,
} from './keys';
import { OID } from './oids';
import { pemBlocks } from './pem';

export interface CertificateAuthority {
  /** The issuer's subject Name, byte for byte as in its certificate (issuer of what it signs). */
  subject: Uint8Array;
  /** Its key identifier: its SubjectKeyIdentifier, or the SHA-1 of its key when it has none. */
  keyId: Uint8Array;
  notAfter: Date;
  signer: Signer;
  /** The configured chain, sent after every leaf. */
  chainPem: string;
}

/** A configuration the CA cannot work with; the message names the setting, never key material. */
export class AuthorityError extends Error {}

interface ParsedCertificate {
  subject: Der;
  publicKey: PublicKeyInfo;
  notAfter: Date;
  subjectKeyId: Uint8Array | null;
}

function parseCertificate(der: Uint8Array): ParsedCertificate {
  const [tbs] = expect(readDer(der), TAG.SEQUENCE, 3);
  const fields = expect(tbs, TAG.SEQUENCE, 6);
  const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
  const [, , , validity, subject, spki, ...optional] = rest;
  const [, notAfter] = expect(validity, TAG.SEQUENCE, 2);
  const extensionsEl = optional.find((el) => el.tag === 0xa3);
  const extensions = extensionsEl ? readExtensions(expect(extensionsEl, 0xa3, 1)[0]) : [];
  const ski = extensions.find((e) => e.oid === OID.subjectKeyIdentifier);
  if (!subject) throw new DerError('Certificate without subject');
  return {
    subject,
    publicKey: readPublicKeyInfo(spki),
    notAfter: decodeTime(notAfter),
    subjectKeyId: ski ? readDer(ski.value).value : null,
  };
}

function privateKeyDer(keyPem: string): Uint8Array {
  const der = pemBlocks(keyPem, 'PRIVATE KEY')[0];
  if (der) return der;
  if (keyPem.includes('ENCRYPTED PRIVATE KEY')) {
    throw new AuthorityError('OCPP_CA_PRIVATE_KEY must not be encrypted (PKCS#8 PEM, BEGIN PRIVATE KEY)');
  }
  throw new AuthorityError(
    'OCPP_CA_PRIVATE_KEY is not a PKCS#8 PEM key (BEGIN PRIVATE KEY); convert it with `openssl pkcs8 -topk8 -nocrypt`',
  );
}

/** Reads and checks the CA; every problem is an AuthorityError naming the setting at fault. */
export async function loadAuthority(chainPem: string, keyPem: string): Promise<CertificateAuthority> {
  const first = pemBlocks(chainPem, 'CERTIFICATE')[0];
  if (!first) throw new AuthorityError('OCPP_CA_CERTIFICATE_CHAIN holds no PEM certificate');
  let cert: ParsedCertificate;
  try {
    cert = parseCertificate(first);
    checkStrength(cert.publicKey.kind);
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    throw new AuthorityError(`The first certificate of OCPP_CA_CERTIFICATE_CHAIN cannot issue: ${why}`);
  }
  let signer: Signer;
  try {
    signer = await importSigner(privateKeyDer(keyPem), cert.publicKey.kind);
  } catch (error) {
    if (error instanceof AuthorityError || error instanceof UnsupportedKey) throw error;
    throw new AuthorityError('OCPP_CA_PRIVATE_KEY does not fit the first certificate of OCPP_CA_CERTIFICATE_CHAIN');
  }
  // The key must be the certificate's: sign and check with the certificate's public key.
  const probe = new TextEncoder().encode('certificate authority key check');
  const signature = await signer.sign(probe);
  if (!(await verifySignature(cert.publicKey, signer.algorithmOid, signature, probe))) {
    throw new AuthorityError('OCPP_CA_PRIVATE_KEY does not fit the first certificate of OCPP_CA_CERTIFICATE_CHAIN');
  }
  return {
    subject: cert.subject.raw,
    keyId: cert.subjectKeyId ?? (await sha1(cert.publicKey.key)),
    notAfter: cert.notAfter,
    signer,
    chainPem: chainPem.trim(),
  };
}
