/**
 * @module The only file of the CRL that touches the database: every certificate the built-in CA
 * revoked. Not company-scoped on purpose: a CRL is public and lists every revoked serial of the CA.
 */

import type { Db } from '@db/db';
import { revokedCertificates } from '@db/schema';
import { asc } from 'drizzle-orm';

export function revokedSerials(db: Db) {
  return db
    .select({
      serial: revokedCertificates.serial,
      revokedAt: revokedCertificates.revokedAt,
      reason: revokedCertificates.reason,
    })
    .from(revokedCertificates)
    .orderBy(asc(revokedCertificates.id));
}
