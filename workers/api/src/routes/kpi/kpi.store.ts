/**
 * @module The recorded status history the availability KPI reads: connectors of the caller's company
 * and its descendants (operated or owned), hidden (retired) stations left out (ADR 025). One batch.
 */

import type { Db } from '@db/db';
import { COMPANY_TREE_CTE } from '@db/queries/companies.store';
import type { StatusChange } from '@domain/kpi/availability';
import type { ConnectorStatus } from '@domain/stations/statuses';

const SCOPED_CONNECTORS = `
  ${COMPANY_TREE_CTE},
  scoped(id) AS (
    SELECT c.id FROM connectors c JOIN stations s ON s.id = c.station_id
    WHERE (s.company_id IN (SELECT id FROM tree) OR s.owner_company_id IN (SELECT id FROM tree))
      AND s.hidden = 0 -- a hidden (retired) station leaves the availability figures, every period (ADR 025)
  )`;

/**
 * The status history of the connectors of the company tree (not hidden): each one's last status before
 * `from`, the changes in [from, to), and how many connectors there are.
 */
export async function statusHistory(db: Db, companyId: number, from: number, to: number) {
  const [initial, changes, count] = await db.$client.batch<{
    id: number;
    status: ConnectorStatus;
    at: number;
    n: number;
  }>([
    db.$client
      .prepare(
        `${SCOPED_CONNECTORS}
         SELECT h.connector_id AS id, h.status, h.at FROM connector_status_history h
         WHERE h.connector_id IN (SELECT id FROM scoped)
           AND h.at = (SELECT MAX(at) FROM connector_status_history h2 WHERE h2.connector_id = h.connector_id AND h2.at < ?2)`,
      )
      .bind(companyId, from),
    db.$client
      .prepare(
        `${SCOPED_CONNECTORS}
         SELECT h.connector_id AS id, h.status, h.at FROM connector_status_history h
         WHERE h.connector_id IN (SELECT id FROM scoped) AND h.at >= ?2 AND h.at < ?3`,
      )
      .bind(companyId, from, to),
    db.$client.prepare(`${SCOPED_CONNECTORS} SELECT count(*) AS n FROM scoped`).bind(companyId),
  ]);
  return {
    initial: new Map((initial?.results ?? []).map((r) => [r.id, r.status] as const)),
    changes: (changes?.results ?? []).map((r): StatusChange => ({ connectorId: r.id, status: r.status, at: r.at })),
    connectors: count?.results[0]?.n ?? 0,
  };
}
