/**
 * @module A session's signed meter values (ADR 060, migration 0062). Writes, by the ChargePoint
 * object: only when a message carries one (the hot path without signed data writes nothing), the
 * values and the pruning to SIGNED_PER_SESSION in one batch, a reading delivered twice ignored. Reads,
 * for the session screens and the OCPI CDR: the values with the station's meter public key beside them
 * (the caller checks the scope before).
 */

import { type CapturedSigned, KEPT_CONTEXTS, SIGNED_PER_SESSION } from '@domain/metering/signed-capture';
import { detectFormat, type SignedInput } from '@domain/metering/signed-values';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { sessionSignedValues } from '../schema/signed-values';

/** Stores `values` with session `sessionId` (connector `connectorNumber`); nothing when there are none. */
export async function storeSignedValues(
  db: Db,
  sessionId: number,
  connectorNumber: number,
  values: readonly CapturedSigned[],
): Promise<void> {
  if (values.length === 0) return;
  const rows = values.map((v) => ({
    sessionId,
    companyId: sql<number>`(SELECT company_id FROM charging_sessions WHERE id = ${sessionId})`,
    connectorNumber,
    at: new Date(v.at),
    context: v.context,
    measurand: v.measurand,
    format: detectFormat({ signedData: v.signedData, encoding: v.encoding, signingMethod: v.signingMethod }),
    encoding: v.encoding,
    signedData: v.signedData,
    publicKey: v.publicKey,
    signingMethod: v.signingMethod,
  }));
  const kept = SIGNED_PER_SESSION - KEPT_CONTEXTS.length;
  const others = and(
    eq(sessionSignedValues.sessionId, sessionId),
    notInArray(sessionSignedValues.context, [...KEPT_CONTEXTS]),
  );
  // D1 binds at most 100 parameters a statement: 12 a row, so 8 rows an INSERT.
  const inserts = [];
  for (let i = 0; i < rows.length; i += 8) {
    inserts.push(
      db
        .insert(sessionSignedValues)
        .values(rows.slice(i, i + 8))
        .onConflictDoNothing(),
    );
  }
  const [first, ...rest] = inserts;
  if (!first) return;
  await db.batch([
    first,
    ...rest,
    // The latest intermediate readings stay; the begin and the end are never pruned.
    db
      .delete(sessionSignedValues)
      .where(
        and(
          others,
          sql`${sessionSignedValues.id} NOT IN (SELECT id FROM session_signed_values WHERE session_id = ${sessionId} AND context NOT IN ('Transaction.Begin', 'Transaction.End') ORDER BY at DESC, id DESC LIMIT ${kept})`,
        ),
      ),
  ]);
}

export interface StoredSignedValue {
  id: number;
  at: number;
  context: string;
  measurand: string;
  connector_number: number;
  format: string;
  encoding: string | null;
  signed_data: string;
  public_key: string | null;
  signing_method: string | null;
  station_public_key: string | null;
}

/** The signed values of session `sessionId`, oldest first. */
export async function signedValuesOf(d1: D1Database, sessionId: number): Promise<StoredSignedValue[]> {
  const { results } = await d1
    .prepare(
      `SELECT v.id, v.at, v.context, v.measurand, v.connector_number, v.format, v.encoding, v.signed_data,
              v.public_key, v.signing_method, st.meter_public_key AS station_public_key
         FROM session_signed_values v
         JOIN charging_sessions s ON s.id = v.session_id AND s.company_id = v.company_id
         JOIN stations st ON st.id = s.station_id
        WHERE v.session_id = ?
        ORDER BY v.at, v.id`,
    )
    .bind(sessionId)
    .all<StoredSignedValue>();
  return results;
}

/** The key a value is checked with: its own, else the station's meter key. */
export function keyOf(v: StoredSignedValue): { key: string | null; source: 'value' | 'station' | 'none' } {
  if (v.public_key) return { key: v.public_key, source: 'value' };
  if (v.station_public_key) return { key: v.station_public_key, source: 'station' };
  return { key: null, source: 'none' };
}

/** What `verifySigned` reads of a stored value. */
export const signedInputOf = (v: StoredSignedValue): SignedInput => ({
  signedData: v.signed_data,
  encoding: v.encoding,
  publicKey: keyOf(v).key,
  signingMethod: v.signing_method,
});
