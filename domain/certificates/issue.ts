/**
 * @module Issues a charge point certificate for a SignCertificate CSR (OCPP 1.6 Security
 * Whitepaper, use case A02): the CSR must verify, its CN must be the charge point identity; the
 * certificate is an X.509 v3 client certificate signed by the built-in CA, sent as leaf + CA chain.
 */
import type { CertificateAuthority } from './authority';
import { type CsrError, parseCsr, verifyCsr } from './csr';
import { bitString, boolean, explicit, hex, octetString, oid, seq, smallInteger, time, unsignedInteger } from './der';
import { keyLabel, sha1 } from './keys';
import { nameText, values, withAttribute, writeName } from './names';
import { OID } from './oids';
import { toPem } from './pem';

export const DEFAULT_VALIDITY_DAYS = 365;
export const MAX_VALIDITY_DAYS = 3650;
/** notBefore is set this much before the signing time, for charge points whose clock runs a little late. */
const BACKDATE_MS = 5 * 60_000;
/** OCPP 1.6 security: CertificateSigned.req certificateChain is at most 10,000 characters. */
export const MAX_CHAIN_LENGTH = 10_000;

export interface IssueOptions {
  /** The charge point identity (the CN the certificate must carry). */
  identity: string;
  /** The operator's organisation name: the certificate's O when set. */
  organization?: string | null;
  validityDays?: number;
  now: Date;
}

export interface IssuedCertificate {
  /** Serial number, upper-case hex. */
  serial: string;
  subject: string;
  notBefore: string;
  notAfter: string;
  keyType: string;
  certificatePem: string;
  /** What CertificateSigned carries: the leaf, then the configured CA chain. */
  certificateChain: string;
}

export type IssueOutcome = { ok: true; certificate: IssuedCertificate } | { ok: false; reason: string };

/** OCPP_CA_VALIDITY_DAYS as a number of days: default 365, at most 3650; anything else is the default. */
export function validityDays(value: string | undefined): number {
  const n = Number(value?.trim());
  return Number.isInteger(n) && n >= 1 && n <= MAX_VALIDITY_DAYS ? n : DEFAULT_VALIDITY_DAYS;
}

/** 16 random bytes, positive and without a leading zero byte (so DER keeps all 16). */
function randomSerial(): Uint8Array {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = ((bytes[0] as number) & 0x7f) | 0x40;
  return bytes;
}

function extension(id: string, critical: boolean, value: Uint8Array): Uint8Array {
  return critical ? seq(oid(id), boolean(true), octetString(value)) : seq(oid(id), octetString(value));
}

export async function issueChargePointCertificate(
  ca: CertificateAuthority,
  csrPem: string,
  options: IssueOptions,
): Promise<IssueOutcome> {
  let csr: ReturnType<typeof parseCsr>;
  try {
    csr = parseCsr(csrPem);
    if (!(await verifyCsr(csr))) return { ok: false, reason: 'The CSR signature does not verify' };
  } catch (error) {
    return { ok: false, reason: (error as CsrError).message };
  }
  const cns = values(csr.subject, OID.commonName);
  if (cns.length !== 1 || cns[0] !== options.identity) {
    const got = cns.length === 0 ? 'no CN' : `CN ${cns.map((c) => JSON.stringify(c)).join(', ')}`;
    return { ok: false, reason: `The CSR has ${got}, not the charge point identity "${options.identity}"` };
  }
  const organization = options.organization?.trim();
  const subject = organization
    ? withAttribute(csr.subject, OID.organizationName, organization, OID.commonName)
    : csr.subject;

  const start = Math.floor((options.now.getTime() - BACKDATE_MS) / 1000) * 1000;
  const days = options.validityDays ?? DEFAULT_VALIDITY_DAYS;
  const end = Math.min(start + BACKDATE_MS + days * 86_400_000, ca.notAfter.getTime());
  if (end <= options.now.getTime()) return { ok: false, reason: 'The CA certificate has expired' };
  const notBefore = new Date(start);
  const notAfter = new Date(end);

  const serial = randomSerial();
  // Key usage bits: digitalSignature (0) with keyAgreement (4) for EC keys (ECDHE-ECDSA TLS), with
  // keyEncipherment (2) for RSA keys; trailing zero bits are dropped as DER requires.
  const keyUsage =
    csr.publicKey.kind.type === 'EC' ? bitString(Uint8Array.of(0x88), 3) : bitString(Uint8Array.of(0xa0), 5);
  const extensions = [
    extension(OID.basicConstraints, true, seq()),
    extension(OID.keyUsage, true, keyUsage),
    extension(OID.extKeyUsage, false, seq(oid(OID.clientAuth))),
    extension(OID.subjectKeyIdentifier, false, octetString(await sha1(csr.publicKey.key))),
    // AuthorityKeyIdentifier ::= SEQUENCE { keyIdentifier [0] IMPLICIT OCTET STRING }
    extension(OID.authorityKeyIdentifier, false, seq(Uint8Array.of(0x80, ca.keyId.length, ...ca.keyId))),
  ];
  const tbs = seq(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    ca.signer.algorithm,
    ca.subject,
    seq(time(notBefore), time(notAfter)),
    writeName(subject),
    csr.publicKey.raw,
    explicit(3, seq(...extensions)),
  );
  const signature = await ca.signer.sign(tbs);
  const certificatePem = toPem('CERTIFICATE', seq(tbs, ca.signer.algorithm, bitString(signature)));
  const certificateChain = `${certificatePem}${ca.chainPem}\n`;
  if (certificateChain.length > MAX_CHAIN_LENGTH) {
    return { ok: false, reason: `The certificate chain is longer than ${MAX_CHAIN_LENGTH} characters` };
  }
  return {
    ok: true,
    certificate: {
      serial: hex(serial),
      subject: nameText(subject),
      notBefore: notBefore.toISOString(),
      notAfter: notAfter.toISOString(),
      keyType: keyLabel(csr.publicKey.kind),
      certificatePem,
      certificateChain,
    },
  };
}
