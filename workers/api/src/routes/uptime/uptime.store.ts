/**
 * @module Reads and writes of the uptime API (ADR 054): connectors of stations operated or owned in the
 * caller's company tree (hidden stations left out, as in the KPI), their status history for a period
 * (the last row before it plus the rows inside, per chunk of connectors), exclusions, the threshold.
 */
import type { Db } from '@db/db';
import { companyUptimeSettings, uptimeExclusions } from '@db/schema';
import type { ConnectorStatus } from '@domain/stations/statuses';
import { DEFAULT_FAULT_TICKET_MINUTES } from '@domain/uptime/fault-tickets';
import { eq } from 'drizzle-orm';
import type { AuditEntry } from '../../lib/audit.store';
import { auditInsert } from '../../lib/audit.store';
import type { ConnectorRow, ExclusionRow } from './uptime.schemas';

const IN_SCOPE = `(s.company_id IN (SELECT value FROM json_each(?1)) OR s.owner_company_id IN (SELECT value FROM json_each(?1)))`;

/** Connectors in scope (optionally of one station or one connector), by station uid and number. */
export async function scopedConnectors(
  db: Db,
  scope: readonly number[],
  only: { stationId?: number; connectorId?: number } = {},
): Promise<ConnectorRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT c.id, c.connector_number, c.evse_id, s.id AS station_id, s.uid AS station_uid, s.name AS station_name,
              CASE WHEN s.connected = 0 THEN s.connection_changed_at END AS offline_since
       FROM connectors c JOIN stations s ON s.id = c.station_id
       WHERE ${IN_SCOPE} AND s.hidden = 0 AND (?2 IS NULL OR s.id = ?2) AND (?3 IS NULL OR c.id = ?3)
       ORDER BY s.uid, c.connector_number`,
    )
    .bind(JSON.stringify(scope), only.stationId ?? null, only.connectorId ?? null)
    .all<ConnectorRow>();
  return results;
}

export interface HistoryRows {
  initial: Map<number, ConnectorStatus>;
  changes: Map<number, { status: ConnectorStatus; at: number }[]>;
  exclusions: ExclusionRow[];
}

/**
 * For `connectors` (one chunk): each one's last status before `from` (one index seek each), its changes
 * in [from, to), and the exclusions on them or their stations overlapping the period. One batch.
 */
export async function periodHistory(
  db: Db,
  connectors: readonly ConnectorRow[],
  from: number,
  to: number,
): Promise<HistoryRows> {
  const ids = JSON.stringify(connectors.map((c) => c.id));
  const stationIds = JSON.stringify([...new Set(connectors.map((c) => c.station_id))]);
  const [initial, changes, exclusions] = await db.$client.batch<Record<string, unknown>>([
    db.$client
      .prepare(
        `SELECT j.value AS id, (SELECT h.status FROM connector_status_history h WHERE h.connector_id = j.value AND h.at < ?2
           ORDER BY h.at DESC, h.id DESC LIMIT 1) AS status FROM json_each(?1) j`,
      )
      .bind(ids, from),
    db.$client
      .prepare(
        `SELECT connector_id AS id, status, at FROM connector_status_history
         WHERE connector_id IN (SELECT value FROM json_each(?1)) AND at >= ?2 AND at < ?3 ORDER BY at, id`,
      )
      .bind(ids, from, to),
    exclusionsQuery(db, `e.station_id IN (SELECT value FROM json_each(?1))`, stationIds, from, to),
  ]);
  const byConnector = new Map<number, { status: ConnectorStatus; at: number }[]>();
  for (const r of (changes?.results ?? []) as { id: number; status: ConnectorStatus; at: number }[]) {
    const list = byConnector.get(r.id) ?? [];
    list.push({ status: r.status, at: r.at });
    byConnector.set(r.id, list);
  }
  return {
    initial: new Map(
      ((initial?.results ?? []) as { id: number; status: ConnectorStatus | null }[]).flatMap((r) =>
        r.status === null ? [] : [[r.id, r.status] as const],
      ),
    ),
    changes: byConnector,
    exclusions: (exclusions?.results ?? []) as unknown as ExclusionRow[],
  };
}

function exclusionsQuery(db: Db, where: string, first: string, from: number, to: number) {
  return db.$client
    .prepare(
      `SELECT e.id, e.station_id, s.uid AS station_uid, e.connector_id, c.evse_id, e.reason, e.note,
              e.starts_at, e.ends_at, e.created_at
       FROM uptime_exclusions e JOIN stations s ON s.id = e.station_id LEFT JOIN connectors c ON c.id = e.connector_id
       WHERE ${where} AND e.starts_at < ?3 AND e.ends_at > ?2 ORDER BY e.starts_at, e.id`,
    )
    .bind(first, from, to);
}

/** Exclusions of stations in scope overlapping [from, to). */
export async function scopedExclusions(db: Db, scope: readonly number[], from: number, to: number) {
  const { results } = await exclusionsQuery(db, `${IN_SCOPE} AND s.hidden = 0`, JSON.stringify(scope), from, to).all();
  return results as unknown as ExclusionRow[];
}

/** The exclusion `id` if its station is in scope. */
export async function scopedExclusion(db: Db, scope: readonly number[], id: number) {
  return db.$client
    .prepare(
      `SELECT e.id, e.company_id FROM uptime_exclusions e JOIN stations s ON s.id = e.station_id
       WHERE e.id = ?2 AND ${IN_SCOPE}`,
    )
    .bind(JSON.stringify(scope), id)
    .first<{ id: number; company_id: number }>();
}

/** The station in scope and, when asked, its connector: what an exclusion may be entered on. */
export async function exclusionTarget(db: Db, scope: readonly number[], stationId: number, connectorId: number | null) {
  return db.$client
    .prepare(
      `SELECT s.id, s.company_id, (SELECT c.id FROM connectors c WHERE c.id = ?3 AND c.station_id = s.id) AS connector_id
       FROM stations s WHERE s.id = ?2 AND ${IN_SCOPE}`,
    )
    .bind(JSON.stringify(scope), stationId, connectorId)
    .first<{ id: number; company_id: number; connector_id: number | null }>();
}

export async function insertExclusion(
  db: Db,
  values: typeof uptimeExclusions.$inferInsert,
  audit: Omit<AuditEntry, 'entityId'>,
): Promise<number> {
  const [row] = await db.insert(uptimeExclusions).values(values).returning({ id: uptimeExclusions.id });
  const id = row?.id ?? 0;
  await auditInsert(db, { ...audit, entityId: id });
  return id;
}

export async function deleteExclusion(db: Db, id: number, audit: AuditEntry) {
  await db.batch([db.delete(uptimeExclusions).where(eq(uptimeExclusions.id, id)), auditInsert(db, audit)]);
}

export async function faultTicketMinutes(db: Db, companyId: number): Promise<number> {
  const row = await db
    .select({ m: companyUptimeSettings.faultTicketMinutes })
    .from(companyUptimeSettings)
    .where(eq(companyUptimeSettings.companyId, companyId))
    .get();
  return row?.m ?? DEFAULT_FAULT_TICKET_MINUTES;
}

export async function saveFaultTicketMinutes(db: Db, companyId: number, minutes: number, audit: AuditEntry) {
  await db.batch([
    db
      .insert(companyUptimeSettings)
      .values({ companyId, faultTicketMinutes: minutes })
      .onConflictDoUpdate({ target: companyUptimeSettings.companyId, set: { faultTicketMinutes: minutes } }),
    auditInsert(db, audit),
  ]);
}
