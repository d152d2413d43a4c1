/**
 * @module Certificates for the Security Whitepaper commands: a real key pair and CSR per charge
 * point (made with the system's openssl, since Node cannot write CSRs), certificate hash data and
 * the key match check CertificateSigned needs.
 */
import { execFileSync } from 'node:child_process';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  verify,
  X509Certificate,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyAndCsr {
  keyPem: string;
  csrPem: string;
}

export function makeCsr(identity: string, organization: string): KeyAndCsr | undefined {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // openssl reads the key from a private temporary file: a pipe is not a file it can open.
  const dir = mkdtempSync(join(tmpdir(), 'sim-csr-'));
  try {
    writeFileSync(join(dir, 'key.pem'), keyPem, { mode: 0o600 });
    const subject = `/CN=${identity}/O=${organization.replace(/[/=]/g, ' ')}`;
    const csrPem = execFileSync('openssl', ['req', '-new', '-key', join(dir, 'key.pem'), '-subj', subject], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { keyPem, csrPem };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function parseCertificate(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}

export interface CertificateHashData {
  hashAlgorithm: 'SHA256';
  issuerNameHash: string;
  issuerKeyHash: string;
  serialNumber: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Hash data identifying a certificate. Approximation: the issuer name is hashed in its text form,
 * not its DER encoding, and the issuer key is this certificate's own key (right for the root
 * certificates InstallCertificate carries, which are self-signed).
 */
export function hashData(cert: X509Certificate): CertificateHashData {
  const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
  return {
    hashAlgorithm: 'SHA256',
    issuerNameHash: sha256(cert.issuer),
    issuerKeyHash: sha256(spki),
    serialNumber: cert.serialNumber
      .toLowerCase()
      .replace(/^0+(?=.)/, '')
      .slice(0, 40),
  };
}

export function sameHash(a: CertificateHashData, b: CertificateHashData): boolean {
  return (
    a.issuerNameHash === b.issuerNameHash &&
    a.issuerKeyHash === b.issuerKeyHash &&
    a.serialNumber.toLowerCase().replace(/^0+(?=.)/, '') === b.serialNumber.toLowerCase().replace(/^0+(?=.)/, '')
  );
}

/** True when the first certificate of the chain carries the public key of our private key. */
export function matchesKey(chainPem: string, keyPem: string): boolean {
  const first = chainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)?.[0];
  const cert = first ? parseCertificate(first) : undefined;
  if (!cert) return false;
  const ours = createPublicKey(createPrivateKey(keyPem)).export({ type: 'spki', format: 'der' });
  return Buffer.compare(cert.publicKey.export({ type: 'spki', format: 'der' }), ours) === 0;
}

/** Firmware signature check of SignedUpdateFirmware: SHA-256 signature by the signing certificate. */
export function firmwareSignatureValid(file: Uint8Array, signatureB64: string, cert: X509Certificate): boolean {
  try {
    return verify('sha256', file, cert.publicKey, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}
