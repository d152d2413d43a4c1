/**
 * @module The authorization decision for an idTag at a station (OCPP Authorize, StartTransaction,
 * remote starts): gathers every fact in ONE D1 statement returning one row (index searches keyed by
 * the card's uuid and the station id; the costlier facts as lazily evaluated scalar subqueries) and
 * lets `domain/charging-authorization/at-charger.ts` decide (ADR 030 and its addendum; gather → decide). Plain D1, because drizzle maps rows
 * by column name (a join repeats id and status).
 */

import { type ChargerFacts, decideAtCharger, needsStationTariff } from '../../domain/charging-authorization/at-charger';
import type { AuthorizationDecision, StationFacts } from '../../domain/charging-authorization/decide';
import { periodStarts } from '../../domain/charging-authorization/periods';
import { isQrAuthId } from '../../domain/qr-payments/ids';
import type { Db } from '../db';
import { type CardRow, type StationRow, type UsageRow, userOf } from './authorization.rows';
import { pricingAt } from './authorization.tariffs.store';
import { WALLET_SQL, type WalletJson, walletOfRow } from './authorization.wallet.store';
import { decideQrAuthorization } from './qr-payments.store';

export type { CardRow, StationRow, UsageRow } from './authorization.rows';
export { pricingAt, TARIFF_CACHE_MS } from './authorization.tariffs.store';

export interface AuthorizationInput {
  idTag: string;
  /** stations.id */
  stationId: number;
  /** Absent for Authorize (no connector yet); then sessions at this station are not concurrent. */
  connectorNumber?: number;
  at: Date;
  /** A remote start (RemoteStartTransaction asked by the back office or an app), not a card at the charger. */
  remote?: boolean;
  /**
   * Whether a session of the card in progress elsewhere makes it ConcurrentTx (default true). Only a
   * start checks it: OCPP's Authorize and StopTransaction answer the card's own state (ADR 040).
   */
  checkConcurrent?: boolean;
}

/**
 * Companies whose work and private stations a user of company `company` (an SQL expression) may
 * use: the company and its descendants, its linked siblings when `siblings_can_charge_on`, its parent
 * when `parent_can_charge_on`.
 */
export const familySql = (company: string) => `
  WITH RECURSIVE tree(id) AS (
    SELECT id FROM companies WHERE id = ${company}
    UNION SELECT c.id FROM companies c JOIN tree t ON c.parent_company_id = t.id
  )
  SELECT id FROM tree
  UNION SELECT CASE WHEN s.company_id = ${company} THEN s.sibling_id ELSE s.company_id END
    FROM company_siblings s JOIN companies me ON me.id = ${company} AND me.siblings_can_charge_on = 1
    WHERE s.company_id = ${company} OR s.sibling_id = ${company}
  UNION SELECT parent_company_id FROM companies
    WHERE id = ${company} AND parent_can_charge_on = 1 AND parent_company_id IS NOT NULL`;

/** The family of company ?1 (also read by personal data's station check). */
export const FAMILY_SQL = familySql('?1');

/** A sum over the user's sessions of the period starting at `from`, of `value` where `when` holds. */
const periodSum = (from: string, value: string, when = 'true') =>
  `coalesce(sum(CASE WHEN cdr_start >= ${from} AND ${when} THEN coalesce(${value}, 0) END), 0)`;

/**
 * Every fact of the decision in ONE statement and one row (ADR 030, addendum): the card ?1 (upper
 * case), its user with the company's limit unit, currency limits and currency, the station ?2, and,
 * as scalar subqueries, the family, the usage and the concurrent session. Those three are inside
 * CASE, which SQLite evaluates lazily, so they run only when the decision will read them:
 * - only for a card neither blocked nor unlinked, of an active user (`cardVerdict` refuses the others
 *   before any of them is read; an expired card still reads them, which is harmless);
 * - the family only at work and private stations (the only types whose verdict reads it);
 * - the usage only for a user with a non-zero limit in either unit (none: neither the limit check
 *   nor the budget reads it). What the user has used in the current day (?3), ISO week (?4) and month
 *   (?5): energy (in-progress sessions count with whatever `cdr_consumed_energy` the OCPP worker has
 *   written so far) and, for currency limits (ADR 028), the driver price of priced sessions and the
 *   energy of the sessions not priced yet (counted at the reference rate): one range of the (user_id,
 *   cdr_start) index, returned as a JSON object.
 * - the concurrent session, only when ?8 asks for it (a start, not Authorize or a stop; ADR 040): in
 *   progress with this idTag (as sent ?6 or upper-cased ?1: both hit the (auth_id, status) index,
 *   unlike upper(auth_id)) at another station, or at another connector ?7 of this one. A refused
 *   start or a session ended without its stop is closed, so it never counts.
 * An unknown card returns no row.
 */
const USABLE = "r.status NOT IN ('blocked', 'unlinked') AND u.status = 'active'";
const DECISION_SQL = `
  SELECT r.id AS card_id, r.status AS card_status, r.expires_at, r.user_id AS card_user_id, r.parent_id_tag,
    u.id AS user_id, u.status AS user_status, u.company_id, u.can_charge_public, u.can_charge_work,
    u.can_charge_home, u.only_private, u.daily_limit, u.weekly_limit, u.monthly_limit,
    u.charge_only_with_rfid, coalesce(f.limit_unit, 'kwh') AS limit_unit, cl.daily_minor, cl.weekly_minor,
    cl.monthly_minor, c.currency,
    st.id AS station_id, st.type AS station_type, st.company_id AS station_company_id,
    st.owner_company_id AS station_owner_company_id, st.country AS station_country,
    st.time_zone AS station_time_zone,
    CASE WHEN ${USABLE} AND st.type IN ('work', 'private') THEN
      (SELECT group_concat(id) FROM (${familySql('u.company_id')}))
    END AS family,
    CASE WHEN ${USABLE} AND (coalesce(u.daily_limit, 0) <> 0 OR coalesce(u.weekly_limit, 0) <> 0
      OR coalesce(u.monthly_limit, 0) <> 0 OR coalesce(cl.daily_minor, 0) <> 0
      OR coalesce(cl.weekly_minor, 0) <> 0 OR coalesce(cl.monthly_minor, 0) <> 0) THEN (
      SELECT json_object(
        'day_wh', ${periodSum('?3', 'cdr_consumed_energy')},
        'week_wh', ${periodSum('?4', 'cdr_consumed_energy')},
        'month_wh', ${periodSum('?5', 'cdr_consumed_energy')},
        'day_priced', ${periodSum('?3', 'emp_price_total', "pricing_status = 'priced'")},
        'week_priced', ${periodSum('?4', 'emp_price_total', "pricing_status = 'priced'")},
        'month_priced', ${periodSum('?5', 'emp_price_total', "pricing_status = 'priced'")},
        'day_unpriced_wh', ${periodSum('?3', 'cdr_consumed_energy', "pricing_status <> 'priced'")},
        'week_unpriced_wh', ${periodSum('?4', 'cdr_consumed_energy', "pricing_status <> 'priced'")},
        'month_unpriced_wh', ${periodSum('?5', 'cdr_consumed_energy', "pricing_status <> 'priced'")})
      FROM charging_sessions WHERE user_id = u.id AND cdr_start >= min(?4, ?5))
    END AS usage,
    CASE WHEN ${USABLE} THEN (${WALLET_SQL}) END AS wallet,
    CASE WHEN ${USABLE} AND ?8 THEN EXISTS (
      SELECT 1 FROM charging_sessions
      WHERE auth_id IN (?6, ?1) AND status = 'in_progress'
        AND (station_id <> ?2 OR (?7 IS NOT NULL AND connector_number <> ?7)))
    END AS concurrent
  FROM rfids r
    LEFT JOIN users u ON u.id = r.user_id
    LEFT JOIN fleet_company_settings f ON f.company_id = u.company_id
    LEFT JOIN user_currency_limits cl ON cl.user_id = u.id
    LEFT JOIN companies c ON c.id = u.company_id
    LEFT JOIN stations st ON st.id = ?2
  WHERE r.uuid = ?1`;

/** The facts as read from D1, by one statement (`decideAuthorization`) or any other way (its tests). */
export interface GatheredFacts {
  card: CardRow | undefined;
  station: StationRow | undefined;
  family: readonly number[];
  usage: UsageRow | undefined;
  concurrent: boolean;
  wallet?: WalletJson | undefined; // the paying wallet (issue 18), when the driver or their company has one
}

/** The decision's facts of the rows read (the store's mapping; no rule here). */
function chargerFacts(input: AuthorizationInput, f: GatheredFacts): ChargerFacts {
  const row = f.card;
  const s = f.station;
  return {
    at: input.at,
    remote: input.remote ?? false,
    card: row
      ? {
          id: row.card_id,
          status: row.card_status,
          expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
          userId: row.card_user_id,
          parentIdTag: row.parent_id_tag,
        }
      : null,
    user: row ? userOf(row) : null,
    station: s
      ? { id: s.id, type: s.type, companyId: s.company_id, ownerCompanyId: s.owner_company_id, timeZone: s.time_zone }
      : null,
    family: f.family,
    usage: f.usage,
    concurrent: f.concurrent,
    wallet: walletOfRow(f.wallet, input.idTag),
  };
}

/**
 * Gather → decide: the facts read, and a currency user's tariff of this station when the domain asks
 * for it (from the per-operator cache, TARIFF_CACHE_MS); `domain/charging-authorization` decides.
 */
export async function decideFrom(db: Db, input: AuthorizationInput, f: GatheredFacts): Promise<AuthorizationDecision> {
  const facts = chargerFacts(input, f);
  const pricing =
    needsStationTariff(facts) && f.station
      ? await pricingAt(db, f.station, input.at, input.idTag.trim().toUpperCase())
      : null;
  return decideAtCharger(facts, pricing);
}

type DecisionRow = CardRow & {
  station_id: number | null;
  station_type: StationFacts['type'];
  station_company_id: number;
  station_owner_company_id: number | null;
  station_country: string | null;
  station_time_zone: string;
  family: string | number | null;
  usage: string | null;
  wallet: string | null;
  concurrent: number | null;
};

/** The parameters of DECISION_SQL for an input. */
export function decisionParams(input: AuthorizationInput): unknown[] {
  const p = periodStarts(input.at);
  // UUIDs are stored upper-case, so the unique index answers a case-insensitive lookup.
  const idTag = input.idTag.trim().toUpperCase();
  return [
    idTag,
    input.stationId,
    p.day.getTime(),
    p.week.getTime(),
    p.month.getTime(),
    input.idTag.trim(),
    input.connectorNumber ?? null,
    input.checkConcurrent === false ? 0 : 1,
  ];
}

/** The facts of one DECISION_SQL row (none: unknown card). */
export function factsOfRow(row: DecisionRow | undefined): GatheredFacts {
  if (!row) return { card: undefined, station: undefined, family: [], usage: undefined, concurrent: false };
  const station: StationRow | undefined =
    row.station_id === null
      ? undefined
      : {
          id: row.station_id,
          type: row.station_type,
          company_id: row.station_company_id,
          owner_company_id: row.station_owner_company_id,
          country: row.station_country,
          time_zone: row.station_time_zone,
        };
  return {
    card: row,
    station,
    family: row.family === null ? [] : String(row.family).split(',').map(Number),
    usage: row.usage === null ? undefined : (JSON.parse(row.usage) as UsageRow),
    wallet: row.wallet == null ? undefined : (JSON.parse(row.wallet) as WalletJson),
    concurrent: row.concurrent === 1,
  };
}

export async function decideAuthorization(db: Db, input: AuthorizationInput): Promise<AuthorizationDecision> {
  if (isQrAuthId(input.idTag)) return decideQrAuthorization(db, input);
  // One statement, one round trip, whatever the outcome (an unknown card returns no row).
  const row = await db.$client
    .prepare(DECISION_SQL)
    .bind(...decisionParams(input))
    .first<DecisionRow>();
  const decision = await decideFrom(db, input, factsOfRow(row ?? undefined));
  return row ? decision : { ...decision, unknownCard: true };
}

/** The statement of the decision, for `npm run bench:fleet`'s query plan. */
export const AUTHORIZATION_SQL = DECISION_SQL;
