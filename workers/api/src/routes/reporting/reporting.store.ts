/**
 * @module The reports' data (ADR 052): one interface, two implementations with the same SQL semantics.
 * The warehouse's (Postgres, `fact_sessions` and the company paths of `dim_companies`) when the
 * deployment has one, D1's (`charging_sessions` and the company tree) otherwise. Sessions counted:
 * closed and not refused, started within a month of the period (months in the company's time zone,
 * as UTC instants), operated or owned by the company or a descendant; local or roaming by whether the
 * session carries a roaming partner's session id.
 */
import type { Db } from '@db/db';
import { COMPANY_TREE_CTE } from '@db/queries/companies.store';
import { openWarehouse, type WarehouseSettings } from '@db/warehouse/client';
import type { ReportMonth } from '@domain/co2/periods';
import type { TotalsKind, TotalsRow } from '@domain/reporting/totals';

export interface TotalsFilter {
  companyId: number;
  months: readonly ReportMonth[];
  kind: TotalsKind;
}

export interface ReportSource {
  name: 'warehouse' | 'd1';
  totals(f: TotalsFilter): Promise<TotalsRow[]>;
  /**
   * Runs one read statement written in the source's SQL (D1: SQLite with `?1` placeholders; the
   * warehouse: Postgres with `$1`): the dashboards' queries (routes/dashboard) build theirs per source.
   */
  rows<T>(query: string, params: readonly unknown[]): Promise<T[]>;
  /** Releases the source's connections (the warehouse's pool). */
  end(): Promise<void>;
}

const monthsJson = (months: readonly ReportMonth[]) =>
  JSON.stringify(months.map((m) => ({ month: m.month, start: m.start, end: m.end })));

type Sums = Record<'month' | 'currency', string> &
  Record<'sessions' | 'energy_wh' | 'emp' | 'emp_net' | 'subcpo' | 'owner', number | string>;

const toRow = (r: Sums): TotalsRow => ({
  month: r.month,
  currency: r.currency,
  sessions: Number(r.sessions),
  energyWh: Number(r.energy_wh),
  emp: Number(r.emp),
  empNet: Number(r.emp_net),
  subcpo: Number(r.subcpo),
  owner: Number(r.owner),
});

const D1_KIND: Record<TotalsKind, string> = {
  all: '',
  local: 'AND s.cdr_partner_session_id IS NULL',
  roaming: 'AND s.cdr_partner_session_id IS NOT NULL',
};

/** D1: the fallback, read from the operational database. */
export function d1Source(db: Db): ReportSource {
  return {
    name: 'd1',
    end: async () => {},
    rows: async <T>(query: string, params: readonly unknown[]) =>
      (
        await db.$client
          .prepare(query)
          .bind(...params)
          .all<T>()
      ).results,
    async totals(f) {
      const { results } = await db.$client
        .prepare(
          `${COMPANY_TREE_CTE},
           months AS (SELECT json_extract(value, '$.month') AS m, json_extract(value, '$.start') AS a,
                             json_extract(value, '$.end') AS b FROM json_each(?2))
           SELECT mo.m AS month, s.currency, count(*) AS sessions,
                  coalesce(sum(s.cdr_consumed_energy), 0) AS energy_wh, coalesce(sum(s.emp_price_total), 0) AS emp,
                  coalesce(sum(s.emp_price_net_total), 0) AS emp_net, coalesce(sum(s.subcpo_price_total), 0) AS subcpo,
                  coalesce(sum(s.owner_price_total), 0) AS owner
             FROM months mo JOIN charging_sessions s ON s.cdr_start >= mo.a AND s.cdr_start < mo.b
            WHERE (s.company_id IN (SELECT id FROM tree) OR s.owner_company_id IN (SELECT id FROM tree))
              AND s.status = 'closed' AND s.refused_status IS NULL ${D1_KIND[f.kind]}
            GROUP BY mo.m, s.currency`,
        )
        .bind(f.companyId, monthsJson(f.months))
        .all<Sums>();
      return results.map(toRow);
    },
  };
}

/**
 * The months' bounds as ascending thresholds for Postgres' `width_bucket`, and which bucket is which
 * month (a bucket between two months that do not touch is none).
 */
export function monthBounds(months: readonly ReportMonth[]) {
  const thresholds = [...new Set(months.flatMap((m) => [m.start, m.end]))].sort((a, b) => a - b);
  const monthOf = new Map(months.map((m) => [thresholds.indexOf(m.start) + 1, m.month]));
  return { thresholds, monthOf, from: thresholds[0] ?? 0, to: thresholds[thresholds.length - 1] ?? 0 };
}

const PG_KIND: Record<TotalsKind, string> = { all: '', local: 'AND NOT s.roaming', roaming: 'AND s.roaming' };

/** The warehouse, or null when the deployment has none. */
export function warehouseSource(env: WarehouseSettings): ReportSource | null {
  const warehouse = openWarehouse(env);
  if (!warehouse) return null;
  return {
    name: 'warehouse',
    end: () => warehouse.end(),
    rows: async <T>(query: string, params: readonly unknown[]) =>
      (await warehouse.pool.query(query, [...params])).rows as T[],
    async totals(f) {
      // One pass over the sessions the two company indexes find (operator in the tree, or owner in the
      // tree and operator outside it: the OR as a union the planner can serve from indexes), each put
      // in its month by `width_bucket` over the months' bounds: not a join per month, which scanned the
      // whole period once per month (bench:reporting, 27 Nov 2026: 11-13 s at 2 M sessions).
      const bounds = monthBounds(f.months);
      const columns =
        's.start_at, s.currency, s.energy_wh, s.emp_total, s.emp_net_total, s.subcpo_total, s.owner_total';
      const counted = `s.start_at >= to_timestamp($2::bigint / 1000.0) AND s.start_at < to_timestamp($3::bigint / 1000.0)
                   AND s.status = 'closed' AND NOT s.refused ${PG_KIND[f.kind]}`;
      const { rows } = await warehouse.pool.query(
        `WITH tree AS (SELECT coalesce(array_agg(id), '{}') AS ids FROM dim_companies
                        WHERE path LIKE (SELECT path FROM dim_companies WHERE id = $1) || '%'),
              s AS (SELECT ${columns} FROM fact_sessions s, tree WHERE s.company_id = ANY(tree.ids) AND ${counted}
                    UNION ALL
                    SELECT ${columns} FROM fact_sessions s, tree
                     WHERE s.owner_company_id = ANY(tree.ids) AND NOT (s.company_id = ANY(tree.ids)) AND ${counted})
         SELECT width_bucket((extract(epoch FROM s.start_at) * 1000)::bigint, $4::bigint[]) AS bucket, s.currency,
                count(*) AS sessions, coalesce(sum(s.energy_wh), 0) AS energy_wh,
                coalesce(sum(s.emp_total), 0) AS emp, coalesce(sum(s.emp_net_total), 0) AS emp_net,
                coalesce(sum(s.subcpo_total), 0) AS subcpo, coalesce(sum(s.owner_total), 0) AS owner
           FROM s GROUP BY 1, 2`,
        [f.companyId, bounds.from, bounds.to, bounds.thresholds],
      );
      return (rows as (Omit<Sums, 'month'> & { bucket: number | string })[]).flatMap((r) => {
        const month = bounds.monthOf.get(Number(r.bucket));
        return month ? [toRow({ ...r, month })] : [];
      });
    },
  };
}

/** The warehouse when there is one, D1 otherwise. */
export function reportSource(env: WarehouseSettings, db: Db): ReportSource {
  return warehouseSource(env) ?? d1Source(db);
}
