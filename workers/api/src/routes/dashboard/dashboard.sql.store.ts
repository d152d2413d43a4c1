/**
 * @module The dashboards' SQL (ADR 055), written once and spoken in two dialects: D1's (SQLite, the
 * operational tables, the company tree by recursion) and the warehouse's (Postgres, `fact_*` and
 * `dim_*`, the company subtree by its materialised path). A dialect names the tables and columns and
 * how an instant compares; the statements around them are the same text, so both sources count the
 * same sessions and status intervals in the same wall-clock buckets. Instants travel as UTC ms.
 */
import { COMPANY_TREE_CTE } from '@db/queries/companies.store';

type ColumnType = 'bigint' | 'int';

export interface Dialect {
  placeholder(n: number): string;
  /** `WITH RECURSIVE tree(id) AS (…)`: the company (first parameter) and its descendants. */
  tree: string;
  /** A JSON array parameter of objects as a table with the given integer columns. */
  table(param: string, columns: readonly string[], type?: ColumnType): string;
  /** A JSON array parameter of integers as a one-column (`id`) table. */
  ids(param: string): string;
  greatest(a: string, b: string): string;
  least(a: string, b: string): string;
  /** A UTC ms parameter as something the instant columns compare with. */
  at(param: string): string;
  stations: string;
  connectors: string;
  /** `s.*` columns of the sessions table, by meaning. */
  s: Record<'start' | 'end' | 'startMs' | 'endMs' | 'energy' | 'emp' | 'empNet' | 'subcpo' | 'owner', string> & {
    from: string;
    counted: string;
  };
  /** The status intervals (connector_id, status, started, ended in ms; ended null while current) of connectors in `cn`. */
  statuses(from: string, to: string): string;
}

export const d1Dialect: Dialect = {
  placeholder: (n) => `?${n}`,
  tree: COMPANY_TREE_CTE,
  table: (param, columns) =>
    `(SELECT ${columns.map((c) => `json_extract(value, '$.${c}') AS ${c}`).join(', ')} FROM json_each(${param})) j`,
  ids: (param) => `(SELECT value AS id FROM json_each(${param})) j`,
  greatest: (a, b) => `max(${a}, ${b})`,
  least: (a, b) => `min(${a}, ${b})`,
  at: (param) => param,
  stations: 'stations',
  connectors: 'connectors',
  s: {
    from: 'charging_sessions s',
    counted: "s.status = 'closed' AND s.refused_status IS NULL",
    start: 's.cdr_start',
    end: 's.cdr_end',
    startMs: 's.cdr_start',
    endMs: 's.cdr_end',
    energy: 's.cdr_consumed_energy',
    emp: 's.emp_price_total',
    empNet: 's.emp_price_net_total',
    subcpo: 's.subcpo_price_total',
    owner: 's.owner_price_total',
  },
  // D1 keeps status changes; an interval ends where the connector's next change starts (as the sync does).
  statuses: (from, to) => `(SELECT * FROM (
      SELECT h.connector_id, h.status, h.at AS started,
             lead(h.at) OVER (PARTITION BY h.connector_id ORDER BY h.at, h.id) AS ended
        FROM connector_status_history h WHERE h.connector_id IN (SELECT id FROM cn)) x
      WHERE x.started < ${to} AND (x.ended IS NULL OR x.ended > ${from}))`,
};

const pgMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;

export const warehouseDialect: Dialect = {
  placeholder: (n) => `$${n}`,
  tree: `WITH RECURSIVE tree AS (SELECT id FROM dim_companies
           WHERE path LIKE (SELECT path FROM dim_companies WHERE id = $1) || '%')`,
  table: (param, columns, type = 'bigint') =>
    `(SELECT * FROM jsonb_to_recordset(${param}::jsonb) AS x(${columns.map((c) => `${c} ${type}`).join(', ')})) j`,
  ids: (param) => `(SELECT value::bigint AS id FROM jsonb_array_elements_text(${param}::jsonb)) j`,
  greatest: (a, b) => `greatest(${a}, ${b})`,
  least: (a, b) => `least(${a}, ${b})`,
  at: (param) => `to_timestamp(${param}::bigint / 1000.0)`,
  stations: 'dim_stations',
  connectors: 'dim_connectors',
  s: {
    from: 'fact_sessions s',
    counted: "s.status = 'closed' AND NOT s.refused",
    start: 's.start_at',
    end: 's.end_at',
    startMs: pgMs('s.start_at'),
    endMs: pgMs('s.end_at'),
    energy: 's.energy_wh',
    emp: 's.emp_total',
    empNet: 's.emp_net_total',
    subcpo: 's.subcpo_total',
    owner: 's.owner_total',
  },
  statuses: (from, to) => `(SELECT f.connector_id, f.status, ${pgMs('f.started_at')} AS started,
      ${pgMs('f.ended_at')} AS ended FROM fact_connector_status f
      WHERE f.connector_id IN (SELECT id FROM cn) AND f.started_at < to_timestamp(${to}::bigint / 1000.0)
        AND (f.ended_at IS NULL OR f.ended_at > to_timestamp(${from}::bigint / 1000.0)))`,
};

/** The parameters of one statement, numbered in the order they are first used. */
export class Params {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: Dialect) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  }
}
