/**
 * @module The customer-service log row of a scheduled ChangeAvailability, written by the charge
 * point's object when the command fires, like the API writes it for an immediate command: action
 * ChangeAvailability, the user who scheduled it, the request and the charge point's answer.
 */
import { and, eq } from 'drizzle-orm';
import { type CommandOutcome, summarizeOutcome } from '../../domain/ocpp/command-outcome';
import type { Db } from '../db';
import { connectors, customerServiceLogs, stations } from '../schema';

export interface FiredSchedule {
  scheduleId: number;
  stationId: number;
  /** OCPP connector number; 0 is the whole station (no connector on the log row). */
  connectorId: number;
  type: 'Operative' | 'Inoperative';
  dueAt: number;
  createdAt: number;
  createdBy: number;
  firedAt: number;
  outcome: CommandOutcome;
}

/** Writes the log row; false when the station no longer exists (nothing to log against). */
export async function recordScheduledAvailability(db: Db, s: FiredSchedule): Promise<boolean> {
  const [row] = await db
    .select({ companyId: stations.companyId, connectorId: connectors.id, evseId: connectors.evseId })
    .from(stations)
    .leftJoin(connectors, and(eq(connectors.stationId, stations.id), eq(connectors.connectorNumber, s.connectorId)))
    .where(eq(stations.id, s.stationId))
    .limit(1);
  if (!row) return false;
  const { succeeded, error } = summarizeOutcome(s.outcome);
  await db.insert(customerServiceLogs).values({
    companyId: row.companyId,
    stationId: s.stationId,
    connectorId: s.connectorId === 0 ? null : row.connectorId,
    connectorEvseId: s.connectorId === 0 ? null : row.evseId,
    userId: s.createdBy,
    action: 'ChangeAvailability',
    detailJson: JSON.stringify({
      request: { connectorId: s.connectorId, type: s.type },
      outcome: s.outcome,
      scheduled: {
        id: s.scheduleId,
        dueAt: new Date(s.dueAt).toISOString(),
        createdAt: new Date(s.createdAt).toISOString(),
        firedAt: new Date(s.firedAt).toISOString(),
      },
    }),
    result: succeeded ? 'success' : 'failed',
    errorMessage: error,
  });
  return true;
}
