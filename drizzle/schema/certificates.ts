/**
 * @module Revocations of the certificates the built-in CA issued (ADR 014, addendum 2). The issued
 * certificates live in each charge point's Durable Object; their revocations are kept here too, the one
 * place that sees every charge point's, so `GET /api/ca/crl` can list them all.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { REVOCATION_REASON_NAMES } from '../../domain/certificates/crl';
import { timestamp } from './columns';
import { companies } from './companies';
import { stations } from './stations';
import { users } from './users';

export const revokedCertificates = sqliteTable(
  'revoked_certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Serial number, upper-case hexadecimal, as issued (unique: serials are 16 random bytes). */
    serial: text('serial').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    subject: text('subject').notNull(),
    /** RFC 5280 CRLReason, by name. */
    reason: text('reason', { enum: REVOCATION_REASON_NAMES }).notNull(),
    revokedAt: timestamp('revoked_at').notNull(),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [index('revoked_certificates_station_idx').on(t.stationId)],
);
