/** @module The only file of a station's certificates that touches the database: the revocation list and its log row. */

import type { Db } from '@db/db';
import { customerServiceLogs, revokedCertificates } from '@db/schema';
import type { RevocationReason } from '@domain/certificates/crl';

/**
 * Lists a revoked certificate of the station (for the CRL) and, the first time only, logs who revoked
 * it. Idempotent: a retry after a failure here lists it (and logs it) then.
 */
export async function listRevocation(
  db: Db,
  station: { id: number; companyId: number },
  entry: { serial: string; subject: string; reason: RevocationReason; revokedAt: Date; revokedBy: number },
  log: { userId: number; reason: RevocationReason | null | undefined },
): Promise<void> {
  const listed = await db
    .insert(revokedCertificates)
    .values({ ...entry, companyId: station.companyId, stationId: station.id })
    .onConflictDoNothing()
    .returning({ id: revokedCertificates.id });
  if (listed.length === 0) return;
  await db.insert(customerServiceLogs).values({
    companyId: station.companyId,
    stationId: station.id,
    userId: log.userId,
    action: 'RevokeCertificate',
    detailJson: JSON.stringify({ serial: entry.serial, subject: entry.subject, reason: log.reason }),
    result: 'success',
  });
}
