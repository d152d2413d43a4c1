/**
 * @module The connector economics' reads (issue 21 part 3): bounded SUM/COUNT … GROUP BY over the closed,
 * not refused sessions of the period operated by the caller's company tree (the session list's scope
 * column and its (company_id, cdr_start) index), per station or per connector group of the tree, a page
 * at a time, sorted in SQL; the totals per currency in one row per currency. D1 only: the
 * reporting layer (ADR 052) offers monthly network totals, not totals per station or group.
 */
import type { Db } from '@db/db';
import type { EconomicsSums } from '@domain/reporting/economics';
import type { EconomicsQueryValue } from './economics.schemas';

interface Period {
  from: number;
  to: number;
}

/** A session is costed when its station's company has a kWh net cost in the session's currency. */
const COSTED = 'co.kwh_net_cost IS NOT NULL AND co.currency = s.currency';
const SUMS = `s.currency AS currency, count(*) AS sessions, coalesce(sum(s.cdr_consumed_energy), 0) AS energy_wh,
  sum(s.subcpo_price_total) AS revenue, count(*) - count(s.subcpo_price_total) AS unpriced,
  coalesce(sum(CASE WHEN ${COSTED} THEN 1 END), 0) AS costed_sessions,
  coalesce(sum(CASE WHEN ${COSTED} THEN s.subcpo_price_total END), 0) AS costed_revenue,
  coalesce(sum(CASE WHEN ${COSTED} THEN coalesce(s.cdr_consumed_energy, 0) * co.kwh_net_cost END), 0) AS cost_micro`;
const SESSIONS = `charging_sessions s JOIN stations st ON st.id = s.station_id JOIN companies co ON co.id = st.company_id`;
const WHERE = `s.company_id IN (SELECT value FROM json_each(?1)) AND s.cdr_start >= ?2 AND s.cdr_start < ?3
  AND s.status = 'closed' AND s.refused_status IS NULL`;

/** The margin as the answer computes it (null unless every session is costed), for ORDER BY. */
const MARGIN = `CASE WHEN sum(CASE WHEN ${COSTED} THEN 1 ELSE 0 END) = count(*)
  THEN coalesce(sum(s.subcpo_price_total), 0) - round(sum(coalesce(s.cdr_consumed_energy, 0) * co.kwh_net_cost) / 1000000.0) END`;
const SORT: Record<EconomicsQueryValue['sort'], string> = {
  margin: MARGIN,
  revenue: 'sum(s.subcpo_price_total)',
  energy: 'coalesce(sum(s.cdr_consumed_energy), 0)',
  sessions: 'count(*)',
  name: 'name',
};

/** Per station (its name) or per connector group of the tree (a session counts in each of its connector's groups). */
const GROUPING = {
  station: { key: 'st.id', name: 'st.name', from: SESSIONS, extra: '' },
  group: {
    key: 'g.id',
    name: 'g.name',
    from: `${SESSIONS} JOIN connector_group_connectors gc ON gc.connector_id = s.connector_id
           JOIN connector_groups g ON g.id = gc.group_id`,
    extra: 'AND g.company_id IN (SELECT value FROM json_each(?1))',
  },
} as const;

type Raw = Record<'currency', string> &
  Record<'sessions' | 'energy_wh' | 'unpriced' | 'costed_sessions' | 'costed_revenue' | 'cost_micro', number> & {
    revenue: number | null;
  };

const toSums = (r: Raw): EconomicsSums => ({
  currency: r.currency,
  sessions: Number(r.sessions),
  energyWh: Number(r.energy_wh),
  revenue: r.revenue === null ? null : Number(r.revenue),
  unpriced: Number(r.unpriced),
  costedSessions: Number(r.costed_sessions),
  costedRevenue: Number(r.costed_revenue),
  costMicro: Number(r.cost_micro),
});

/** One page of rows (one per station or group and currency), how many there are, the totals, the companies without cost. */
export async function economicsPage(db: Db, scope: number[], period: Period, q: EconomicsQueryValue) {
  const g = GROUPING[q.group_by];
  const args = [JSON.stringify(scope), period.from, period.to];
  const grouped = `FROM ${g.from} WHERE ${WHERE} ${g.extra} GROUP BY ${g.key}, s.currency`;
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  const [page, count, totals, missing] = await Promise.all([
    db.$client
      .prepare(
        `SELECT ${g.key} AS id, ${g.name} AS name, ${SUMS} ${grouped}
          ORDER BY ${SORT[q.sort]} ${dir} NULLS LAST, ${g.key}, s.currency LIMIT ?4 OFFSET ?5`,
      )
      .bind(...args, q.items_per_page, q.page * q.items_per_page)
      .all<Raw & { id: number; name: string | null }>(),
    db.$client
      .prepare(`SELECT count(*) AS n FROM (SELECT 1 ${grouped})`)
      .bind(...args)
      .first<{ n: number }>(),
    db.$client
      .prepare(`SELECT ${SUMS} FROM ${SESSIONS} WHERE ${WHERE} GROUP BY s.currency ORDER BY s.currency`)
      .bind(...args)
      .all<Raw>(),
    db.$client
      .prepare(
        `SELECT DISTINCT co.id AS id, co.name AS name FROM ${SESSIONS} WHERE ${WHERE} AND co.kwh_net_cost IS NULL
          ORDER BY co.name, co.id LIMIT 20`,
      )
      .bind(...args)
      .all<{ id: number; name: string }>(),
  ]);
  return {
    rows: page.results.map((r) => ({
      id: r.id,
      name: r.name,
      ...toSums(r),
    })),
    total: Number(count?.n ?? 0),
    totals: totals.results.map(toSums),
    companiesWithoutCost: missing.results,
  };
}
