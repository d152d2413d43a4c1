/**
 * @module Reads and writes of the automatic fault tickets (ADR 054): the connectors faulted now with the
 * history row that began their fault, the ticketed faults not yet cleared, the ticket and its link
 * written in one transaction (the link's primary key refuses a second ticket for the same fault).
 */
import type { OngoingFault, TicketedFault } from '@domain/uptime/fault-tickets';

export interface FaultRow extends OngoingFault {
  stationId: number;
  companyId: number;
  stationUid: string;
  connectorNumber: number;
  evseId: string | null;
  errorCode: string | null;
}

/**
 * Each connector faulted now (not on a hidden station): the first row of its current run of faulted rows
 * (a new error code writes a new row; the fault began at the first), its company's threshold, and
 * whether that fault has a ticket already.
 */
export async function ongoingFaults(d1: D1Database): Promise<FaultRow[]> {
  const { results } = await d1
    .prepare(
      `WITH faulted AS (
         SELECT c.id, c.connector_number, c.evse_id, s.id AS station_id, s.company_id, s.uid,
           (SELECT h.id FROM connector_status_history h WHERE h.connector_id = c.id AND h.status = 'faulted'
              AND h.at >= COALESCE((SELECT MAX(p.at) FROM connector_status_history p
                                    WHERE p.connector_id = c.id AND p.status <> 'faulted'), 0)
            ORDER BY h.at, h.id LIMIT 1) AS status_id
         FROM connectors c JOIN stations s ON s.id = c.station_id
         WHERE c.status = 'faulted' AND s.hidden = 0
       )
       SELECT f.status_id AS statusId, f.id AS connectorId, h.at AS since, f.station_id AS stationId,
              f.company_id AS companyId, f.uid AS stationUid, f.connector_number AS connectorNumber,
              f.evse_id AS evseId, h.error_code AS errorCode,
              COALESCE(u.fault_ticket_minutes, 60) AS thresholdMinutes,
              EXISTS (SELECT 1 FROM fault_tickets t WHERE t.status_history_id = f.status_id) AS ticketed
       FROM faulted f JOIN connector_status_history h ON h.id = f.status_id
       LEFT JOIN company_uptime_settings u ON u.company_id = f.company_id`,
    )
    .all<Omit<FaultRow, 'ticketed'> & { ticketed: number }>();
  return results.map((r) => ({ ...r, ticketed: Boolean(r.ticketed) }));
}

/** Opens the fault's ticket and its link; false when the fault has one already (another pass won). */
export async function openFaultTicket(
  d1: D1Database,
  fault: FaultRow,
  text: { title: string; problem: string },
  now: number,
): Promise<boolean> {
  try {
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO maintenance_tickets (company_id, station_id, connector_id, title, problem, priority, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, 'high', ?6)`,
        )
        .bind(fault.companyId, fault.stationId, fault.connectorId, text.title, text.problem, now),
      d1
        .prepare(
          'INSERT INTO fault_tickets (status_history_id, ticket_id, connector_id) VALUES (?1, last_insert_rowid(), ?2)',
        )
        .bind(fault.statusId, fault.connectorId),
    ]);
    return true;
  } catch (err) {
    if (String(err).includes('UNIQUE') || String(err).includes('PRIMARY KEY')) return false;
    throw err;
  }
}

/** Ticketed faults not yet cleared, with the first non-faulted row after the fault began, if any. */
export async function unclearedFaults(d1: D1Database): Promise<TicketedFault[]> {
  const { results } = await d1
    .prepare(
      `SELECT f.status_history_id AS statusId, f.ticket_id AS ticketId,
         (SELECT MIN(n.at) FROM connector_status_history n WHERE n.connector_id = f.connector_id
            AND n.status <> 'faulted' AND (n.at > h.at OR (n.at = h.at AND n.id > h.id))) AS nextStatusAt
       FROM fault_tickets f JOIN connector_status_history h ON h.id = f.status_history_id
       WHERE f.cleared_at IS NULL`,
    )
    .all<TicketedFault>();
  return results;
}

/** Marks the fault cleared and appends `mark` to its ticket's problem, once (the ticket only while uncleared). */
export async function markCleared(
  d1: D1Database,
  statusId: number,
  ticketId: number | null,
  clearedAt: number,
  mark: string,
  now: number,
) {
  await d1.batch([
    d1
      .prepare(
        `UPDATE maintenance_tickets SET problem = problem || char(10) || ?1, updated_at = ?2
         WHERE id = ?3 AND EXISTS (SELECT 1 FROM fault_tickets WHERE status_history_id = ?4 AND cleared_at IS NULL)`,
      )
      .bind(mark, now, ticketId, statusId),
    d1
      .prepare('UPDATE fault_tickets SET cleared_at = ?1 WHERE status_history_id = ?2 AND cleared_at IS NULL')
      .bind(clearedAt, statusId),
  ]);
}
