/**
 * @module Signed meter values (issue 23 part 6, ADR 060; migration 0062): the readings a station's
 * calibrated meter signed, kept with their session for verification and the S.A.F.E. export. At most
 * 50 per session (Transaction.Begin/End always kept); the meter's own public key, when the values
 * carry none, is `stations.meter_public_key`.
 */
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { chargingSessions } from './sessions';

export const sessionSignedValues = sqliteTable(
  'session_signed_values',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    /** The session's operator company (scope of every read). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The connector number (2.0.1: the EVSE id). */
    connectorNumber: integer('connector_number').notNull(),
    at: timestamp('at').notNull(),
    /** Transaction.Begin, Transaction.End, Sample.Periodic, Sample.Clock… */
    context: text('context').notNull(),
    measurand: text('measurand').notNull(),
    /** OCMF, ALFEN or unknown (domain/metering/signed-values.ts detectFormat). */
    format: text('format').notNull(),
    /** 'base64' for 2.0.1 (older rows: its encodingMethod, a format name, read as base64); null for 1.6 (guessed). */
    encoding: text('encoding'),
    signedData: text('signed_data').notNull(),
    publicKey: text('public_key'),
    signingMethod: text('signing_method'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('session_signed_values_reading').on(t.sessionId, t.at, t.context, t.measurand)],
);
