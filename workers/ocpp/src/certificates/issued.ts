/**
 * @module The certificates the built-in CA issued to this charge point (latest 20, in the object's
 * storage): what was issued, how its CertificateSigned delivery ended, and its revocation.
 */
import type { RevocationReason } from '@domain/certificates/crl';
import type { Store } from '../storage/store';
import type { CommandResult } from '../transport/outbound';

/**
 * How the charge point answered the CertificateSigned that carried the certificate. Pending only
 * while an answer can still come: an overdue delivery is settled by the object's alarm (ADR 014).
 */
export type DeliveryStatus = 'Pending' | 'Accepted' | 'Rejected' | 'Timeout' | 'Offline' | 'Error';

export interface IssuedRecord {
  serial: string;
  subject: string;
  notBefore: string;
  notAfter: string;
  keyType: string;
  issuedAt: string;
  /** The leaf certificate (PEM): public, shown to the operator. */
  certificate: string;
  status: DeliveryStatus;
  answeredAt: string | null;
  /** The CALLERROR of the charge point, or why the delivery ended without its answer. */
  error: string | null;
  /** When CertificateSigned went out, and as which message: an answer after a restart finds it so. */
  sentAt: string | null;
  messageId: string | null;
  /** While Pending: when the object's alarm settles the delivery if nothing else has (ms since epoch). */
  deliverBy: number | null;
  revokedAt: string | null;
  revocationReason: RevocationReason | null;
  /** The back-office user who revoked it. */
  revokedBy: number | null;
}

/** Issued certificates kept per charge point (latest first). */
export const MAX_ISSUED = 20;
const ISSUED_KEY = 'issuedCertificates';

/** Fields added after the first records were stored read as null on those records. */
const ADDED: Pick<IssuedRecord, 'sentAt' | 'messageId' | 'deliverBy' | 'revokedAt' | 'revocationReason' | 'revokedBy'> =
  {
    sentAt: null,
    messageId: null,
    deliverBy: null,
    revokedAt: null,
    revocationReason: null,
    revokedBy: null,
  };

export function issuedCertificates(store: Store): IssuedRecord[] {
  return (store.get(ISSUED_KEY) ?? []).map((r) => ({ ...ADDED, ...r }));
}

export function addIssued(store: Store, record: IssuedRecord): void {
  store.put(ISSUED_KEY, [record, ...issuedCertificates(store)].slice(0, MAX_ISSUED));
}

export function issuedBySerial(store: Store, serial: string): IssuedRecord | null {
  const wanted = serial.toUpperCase();
  return issuedCertificates(store).find((r) => r.serial === wanted) ?? null;
}

export function updateIssued(store: Store, serial: string, change: Partial<IssuedRecord>): void {
  store.put(
    ISSUED_KEY,
    issuedCertificates(store).map((r) => (r.serial === serial ? { ...r, ...change } : r)),
  );
}

export function deliveryStatus(result: CommandResult): { status: DeliveryStatus; error: string | null } {
  switch (result.status) {
    case 'accepted':
      return {
        status: (result.reply as { status?: string }).status === 'Accepted' ? 'Accepted' : 'Rejected',
        error: null,
      };
    case 'rejected':
      return { status: 'Error', error: `${result.code}: ${result.description}` };
    case 'timeout':
      return { status: 'Timeout', error: null };
    case 'offline':
      return { status: 'Offline', error: null };
  }
}
