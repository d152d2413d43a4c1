/**
 * @module What the back office records when it stops a session because the driver's limit is reached
 * (ADR 020): a customer-service log row (action `LimitReached`) and the reason in the session's remark.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { chargingSessions, connectors, customerServiceLogs, stations } from '../schema';

export const LIMIT_REACHED_ACTION = 'LimitReached';

export interface LimitStop {
  stationId: number;
  sessionId: number;
  /** The sentence of `limitStopReason`. */
  reason: string;
  /** The request sent, the budget and the charge point's answer, kept as JSON on the log row. */
  detail: object;
  succeeded: boolean;
  /** Why it failed (offline, timeout, the charge point's refusal), when it did. */
  error: string | null;
}

/** Writes the log row and, while the session is still open, its remark. Returns false for an unknown session. */
export async function recordLimitStop(db: Db, s: LimitStop): Promise<boolean> {
  const [row] = await db
    .select({
      userId: chargingSessions.userId,
      companyId: stations.companyId,
      connectorId: connectors.id,
      evseId: connectors.evseId,
    })
    .from(chargingSessions)
    .innerJoin(stations, eq(stations.id, chargingSessions.stationId))
    .leftJoin(
      connectors,
      and(
        eq(connectors.stationId, chargingSessions.stationId),
        eq(connectors.connectorNumber, chargingSessions.connectorNumber),
      ),
    )
    .where(and(eq(chargingSessions.id, s.sessionId), eq(chargingSessions.stationId, s.stationId)))
    .limit(1);
  if (!row) return false;
  await db.batch([
    db.insert(customerServiceLogs).values({
      companyId: row.companyId,
      stationId: s.stationId,
      connectorId: row.connectorId,
      connectorEvseId: row.evseId,
      // The driver whose limit was reached (nobody in the back office sent this command).
      userId: row.userId,
      action: LIMIT_REACHED_ACTION,
      detailJson: JSON.stringify({ sessionId: s.sessionId, reason: s.reason, ...s.detail }),
      result: s.succeeded ? 'success' : 'failed',
      errorMessage: s.error,
    }),
    db
      .update(chargingSessions)
      .set({ remark: s.reason, updatedAt: new Date() })
      .where(
        and(
          eq(chargingSessions.id, s.sessionId),
          eq(chargingSessions.stationId, s.stationId),
          eq(chargingSessions.status, 'in_progress'),
        ),
      ),
  ]);
  return true;
}

/**
 * The energy of a session in progress so far (ADR 028), written when its budget is refreshed, so the
 * limits of the driver's other sessions and the next Authorize count it before it closes.
 */
export async function recordSessionEnergy(db: Db, sessionId: number, energyWh: number): Promise<void> {
  await db
    .update(chargingSessions)
    .set({ energyWh: Math.max(0, Math.round(energyWh)) })
    .where(and(eq(chargingSessions.id, sessionId), eq(chargingSessions.status, 'in_progress')));
}
