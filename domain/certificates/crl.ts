/**
 * @module The built-in CA's certificate revocation list: an RFC 5280 v2 CRL (section 5) with the
 * revoked serials, each with its revocation date and reason code, signed by the CA's key. A TLS
 * terminator that checks charge point client certificates loads it (the Workers do not see them).
 */
import type { CertificateAuthority } from './authority';
import { bitString, explicit, octetString, oid, seq, smallInteger, time, tlv, unsignedInteger } from './der';
import { OID } from './oids';

/**
 * The CRLReason codes (RFC 5280 5.3.1) an operator may give for a charge point certificate. Left out:
 * cACompromise and aACompromise (about CAs), certificateHold (a revocation here is final) and
 * removeFromCRL (delta CRLs only). `unspecified` is written as no reason extension, as 5.3.1 asks.
 */
export const REVOCATION_REASONS = {
  unspecified: 0,
  keyCompromise: 1,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  privilegeWithdrawn: 9,
} as const;

export type RevocationReason = keyof typeof REVOCATION_REASONS;
export const REVOCATION_REASON_NAMES = Object.keys(REVOCATION_REASONS) as [RevocationReason, ...RevocationReason[]];

export interface RevokedEntry {
  /** Serial number, hexadecimal (as the CA issued it). */
  serial: string;
  revokedAt: Date;
  reason: RevocationReason;
}

export interface CrlOptions {
  thisUpdate: Date;
  nextUpdate: Date;
  /** The CRLNumber extension: must grow with every CRL the CA issues (RFC 5280 5.2.3). */
  number: number;
}

const ENUMERATED = 0x0a;

/** A hexadecimal serial as the bytes of a positive INTEGER; anything else is refused. */
export function serialBytes(serial: string): Uint8Array {
  if (!/^(?:[0-9A-Fa-f]{2}){1,20}$/.test(serial)) throw new Error(`Not a hexadecimal serial number: ${serial}`);
  return Uint8Array.from(serial.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

function numberBytes(n: number): Uint8Array {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('The CRL number must be a non-negative integer');
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return Uint8Array.from(out.length > 0 ? out : [0]);
}

function entry(e: RevokedEntry): Uint8Array {
  const code = REVOCATION_REASONS[e.reason];
  const extensions =
    code === 0 ? [] : [seq(seq(oid(OID.cRLReason), octetString(tlv(ENUMERATED, Uint8Array.of(code)))))];
  return seq(unsignedInteger(serialBytes(e.serial)), time(e.revokedAt), ...extensions);
}

/** The DER bytes of the signed CRL. */
export async function buildCrl(
  ca: CertificateAuthority,
  revoked: readonly RevokedEntry[],
  options: CrlOptions,
): Promise<Uint8Array> {
  const extensions = seq(
    // AuthorityKeyIdentifier ::= SEQUENCE { keyIdentifier [0] IMPLICIT OCTET STRING }
    seq(oid(OID.authorityKeyIdentifier), octetString(seq(tlv(0x80, ca.keyId)))),
    seq(oid(OID.cRLNumber), octetString(unsignedInteger(numberBytes(options.number)))),
  );
  const tbs = seq(
    smallInteger(1), // v2
    ca.signer.algorithm,
    ca.subject,
    time(options.thisUpdate),
    time(options.nextUpdate),
    // An empty list is left out altogether (RFC 5280 5.1.2.6).
    ...(revoked.length > 0 ? [seq(...revoked.map(entry))] : []),
    explicit(0, extensions),
  );
  const signature = await ca.signer.sign(tbs);
  return seq(tbs, ca.signer.algorithm, bitString(signature));
}
