/**
 * @module The network `npm run bench:reporting` reports on: one root operator with 20 sub-operators,
 * `connectors` connectors on half as many stations, 5,000 drivers, and a year of closed, priced
 * sessions spread evenly over it (one in ten roaming). The D1 part is written straight into the local
 * D1 file with node:sqlite (as the other D1 benches seed); the rest of the warehouse's sessions are
 * generated inside PostgreSQL with `generate_series` (same formulas, ids after D1's).
 */
import { DatabaseSync } from 'node:sqlite';
import type { Pool } from '@neondatabase/serverless';

export const SUB_OPERATORS = 20;
export const DRIVERS = 5_000;
/** The year: November 2025 to October 2026 (Paris time, the companies' zone). */
export const YEAR_FROM = '2025-11';
export const YEAR_TO = '2026-10';
const YEAR_START = Date.UTC(2025, 9, 31, 23);
const YEAR_MS = 365 * 86_400_000;

/**
 * SQL expressions of session `i` (1-based) of `n` spread over the year, the same in SQLite and Postgres:
 * its connector, station, operator, start (ms), energy (Wh) and the driver's price (minor units).
 */
function formulas(i: string, n: number, connectors: number) {
  const c = `(1 + (${i}) % ${connectors})`;
  const station = `(1 + (${c} - 1) / 2)`;
  const emp = `(200 + ((${i}) * 37) % 2800)`;
  return {
    connector: c,
    connectorNumber: `(1 + (${c} - 1) % 2)`,
    station,
    company: `(2 + ${station} % ${SUB_OPERATORS})`,
    start: `(${YEAR_START} + (((${i}) * 7919) % ${n}) * ${Math.floor(YEAR_MS / n)})`,
    energy: `(5000 + ((${i}) % 40) * 500)`,
    emp,
    user: `(1 + (${i}) % ${DRIVERS})`,
    roaming: `((${i}) % 10 = 0)`,
  };
}

/** The network and `sessions` sessions in the local D1 file. */
export function seedD1(file: string, n: { connectors: number; sessions: number }) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144');
  const stations = Math.ceil(n.connectors / 2);
  const at = YEAR_START;
  db.exec(`BEGIN;
    INSERT INTO companies (id, name, country, updated_at) VALUES (1, 'Bench network', 'FR', ${at});
    WITH RECURSIVE c(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM c WHERE i < ${SUB_OPERATORS + 1})
    INSERT INTO companies (id, name, country, parent_company_id, updated_at) SELECT i, 'Operator ' || i, 'FR', 1, ${at} FROM c;
    WITH RECURSIVE u(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM u WHERE i < ${DRIVERS})
    INSERT INTO users (id, company_id, email, updated_at) SELECT i, 1, 'driver' || i || '@bench.test', ${at} FROM u;
    WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${stations})
    INSERT INTO stations (id, uid, name, company_id, city, country, updated_at)
      SELECT i, 'BR-' || i, 'Station ' || i, 2 + i % ${SUB_OPERATORS}, 'Lyon', 'FR', ${at} FROM s;
    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ${n.connectors})
    INSERT INTO connectors (id, uid, station_id, connector_number, updated_at)
      SELECT i, 'BR-C' || i, 1 + (i - 1) / 2, 1 + (i - 1) % 2, ${at} FROM c;
    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ${n.connectors})
    INSERT INTO connector_status_history (connector_id, status, at) SELECT i, 'Available', ${at} FROM c;
    COMMIT;`);
  const f = formulas('i', n.sessions, n.connectors);
  const batch = 50_000;
  for (let from = 1; from <= n.sessions; from += batch) {
    const to = Math.min(n.sessions, from + batch - 1);
    db.exec(`BEGIN;
      WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to})
      INSERT INTO charging_sessions (id, cdr_id, status, station_id, connector_id, connector_number, company_id,
        user_id, auth_id, start_key, cdr_start, cdr_end, meter_start_wh, meter_stop_wh, cdr_consumed_energy,
        station_name, currency, pricing_status, emp_price_total, emp_price_net_total, subcpo_price_total,
        owner_price_total, cdr_partner_session_id, updated_at)
      SELECT i, 'B' || i, 'closed', ${f.station}, ${f.connector}, ${f.connectorNumber}, ${f.company}, ${f.user},
        'BENCH', 'k' || i, ${f.start}, ${f.start} + 3600000, 0, ${f.energy}, ${f.energy}, 'Station ' || ${f.station},
        'EUR', 'priced', ${f.emp}, ${f.emp} * 100 / 120, ${f.emp} * 7 / 10, ${f.emp} / 2,
        CASE WHEN ${f.roaming} THEN 'P' || i END, ${at}
      FROM s;
      COMMIT;`);
  }
  db.close();
}

/** Sessions `from`..`to` generated inside PostgreSQL (ids after D1's), in statements of a million. */
export async function generateWarehouse(pool: Pool, n: { connectors: number; from: number; to: number }) {
  const total = n.to - n.from + 1;
  const f = formulas(`g - ${n.from - 1}`, total, n.connectors);
  for (let a = n.from; a <= n.to; a += 1_000_000) {
    const b = Math.min(n.to, a + 999_999);
    await pool.query(`SET synchronous_commit = off;
      INSERT INTO fact_sessions (id, cdr_id, status, pricing_status, station_id, connector_id, connector_number,
        company_id, user_id, start_method, refused, country, station_type, roaming, start_at, end_at, energy_wh,
        currency, emp_total, emp_net_total, subcpo_total, owner_total, updated_at)
      SELECT g, 'B' || g, 'closed', 'priced', ${f.station}, ${f.connector}, ${f.connectorNumber}, ${f.company},
        ${f.user}, 'RFID', false, 'FR', 'public', ${f.roaming}, to_timestamp(${f.start} / 1000.0),
        to_timestamp((${f.start} + 3600000) / 1000.0), ${f.energy}, 'EUR', ${f.emp}, ${f.emp} * 100 / 120,
        ${f.emp} * 7 / 10, ${f.emp} / 2, ${YEAR_START}
      FROM generate_series(${a}::bigint, ${b}::bigint) g`);
  }
  await pool.query('ANALYZE fact_sessions');
}
