/**
 * @module Writes of a session's signed meter values (ADR 060, migration 0062), by the ChargePoint
 * object: only when a message carries one (the hot path without signed data writes nothing), the
 * values and the pruning to SIGNED_PER_SESSION in one batch, a reading delivered twice ignored.
 */

import { type CapturedSigned, KEPT_CONTEXTS, SIGNED_PER_SESSION } from '@domain/metering/signed-capture';
import { detectFormat } from '@domain/metering/signed-values';
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
