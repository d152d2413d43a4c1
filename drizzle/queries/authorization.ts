/**
 * @module The authorization decision for an idTag at a station (OCPP Authorize, StartTransaction,
 * remote starts): gathers the facts in two D1 round trips of indexed queries and lets
 * `domain/authorization` decide. Plain D1 batches, because drizzle maps batched rows by column
 * name (a join repeats id and status) and cannot batch raw SQL.
 */

import { moneyUsed, referenceRate } from '../../domain/authorization/currency';
import {
  type AuthorizationDecision,
  type CardFacts,
  cardVerdict,
  decide,
  type StationFacts,
  type UserFacts,
} from '../../domain/authorization/decide';
import { periodStarts } from '../../domain/authorization/periods';
import type { Tariff } from '../../domain/pricing/types';
import { chooseTariff } from '../../domain/tariffs/select';
import type { Db } from '../db';
import { companyAncestorIds } from './companies';
import { candidateOf, engineTariffOf } from './pricing';

export interface AuthorizationInput {
  idTag: string;
  /** stations.id */
  stationId: number;
  /** Absent for Authorize (no connector yet); then sessions at this station are not concurrent. */
  connectorNumber?: number;
  at: Date;
  /** A remote start (RemoteStartTransaction asked by the back office or an app), not a card at the charger. */
  remote?: boolean;
}

const CARD_SQL = `
  SELECT r.id AS card_id, r.status AS card_status, r.expires_at, r.user_id AS card_user_id,
         u.id AS user_id, u.status AS user_status, u.company_id, u.can_charge_public, u.can_charge_work,
         u.can_charge_home, u.only_private, u.daily_limit, u.weekly_limit, u.monthly_limit,
         u.charge_only_with_rfid, coalesce(f.limit_unit, 'kwh') AS limit_unit, cl.daily_minor, cl.weekly_minor,
         cl.monthly_minor, c.currency
  FROM rfids r LEFT JOIN users u ON u.id = r.user_id
    LEFT JOIN fleet_company_settings f ON f.company_id = u.company_id
    LEFT JOIN user_currency_limits cl ON cl.user_id = u.id
    LEFT JOIN companies c ON c.id = u.company_id
  WHERE r.uuid = ?1`;

const STATION_SQL = 'SELECT id, type, company_id, owner_company_id, country, time_zone FROM stations WHERE id = ?1';

/**
 * Companies whose work and private stations a user of company ?1 may use: the company and its
 * descendants, its linked siblings when `siblings_can_charge_on`, its parent when `parent_can_charge_on`.
 */
export const FAMILY_SQL = `
  WITH RECURSIVE tree(id) AS (
    SELECT id FROM companies WHERE id = ?1
    UNION SELECT c.id FROM companies c JOIN tree t ON c.parent_company_id = t.id
  )
  SELECT id FROM tree
  UNION SELECT CASE WHEN s.company_id = ?1 THEN s.sibling_id ELSE s.company_id END
    FROM company_siblings s JOIN companies me ON me.id = ?1 AND me.siblings_can_charge_on = 1
    WHERE s.company_id = ?1 OR s.sibling_id = ?1
  UNION SELECT parent_company_id FROM companies
    WHERE id = ?1 AND parent_can_charge_on = 1 AND parent_company_id IS NOT NULL`;

/**
 * Energy of the user's sessions started in the current day (?2), ISO week (?3) and month (?4).
 * In-progress sessions count with whatever `cdr_consumed_energy` the OCPP worker has written so far.
 */
const USAGE_SQL = `
  SELECT coalesce(sum(CASE WHEN cdr_start >= ?2 THEN coalesce(cdr_consumed_energy, 0) END), 0) AS day_wh,
         coalesce(sum(CASE WHEN cdr_start >= ?3 THEN coalesce(cdr_consumed_energy, 0) END), 0) AS week_wh,
         coalesce(sum(CASE WHEN cdr_start >= ?4 THEN coalesce(cdr_consumed_energy, 0) END), 0) AS month_wh
  FROM charging_sessions WHERE user_id = ?1 AND cdr_start >= min(?3, ?4)`;

/**
 * Currency limits (ADR 028): per period, the driver's price of priced sessions and the energy of the
 * sessions not priced yet (counted at the reference rate).
 */
const MONEY_SQL = `
  SELECT
    coalesce(sum(CASE WHEN cdr_start >= ?2 AND pricing_status = 'priced' THEN coalesce(emp_price_total, 0) END), 0) AS day_priced,
    coalesce(sum(CASE WHEN cdr_start >= ?3 AND pricing_status = 'priced' THEN coalesce(emp_price_total, 0) END), 0) AS week_priced,
    coalesce(sum(CASE WHEN cdr_start >= ?4 AND pricing_status = 'priced' THEN coalesce(emp_price_total, 0) END), 0) AS month_priced,
    coalesce(sum(CASE WHEN cdr_start >= ?2 AND pricing_status <> 'priced' THEN coalesce(cdr_consumed_energy, 0) END), 0) AS day_unpriced_wh,
    coalesce(sum(CASE WHEN cdr_start >= ?3 AND pricing_status <> 'priced' THEN coalesce(cdr_consumed_energy, 0) END), 0) AS week_unpriced_wh,
    coalesce(sum(CASE WHEN cdr_start >= ?4 AND pricing_status <> 'priced' THEN coalesce(cdr_consumed_energy, 0) END), 0) AS month_unpriced_wh
  FROM charging_sessions WHERE user_id = ?1 AND cdr_start >= min(?3, ?4)`;

/**
 * An in-progress session with this idTag (as sent ?1 or upper-cased ?2: both hit the (auth_id,
 * status) index, unlike upper(auth_id)) at another station, or at another connector of this one.
 */
const CONCURRENT_SQL = `
  SELECT id FROM charging_sessions
  WHERE auth_id IN (?1, ?2) AND status = 'in_progress'
    AND (station_id <> ?3 OR (?4 IS NOT NULL AND connector_number <> ?4))
  LIMIT 1`;

interface CardRow {
  card_id: number;
  card_status: CardFacts['status'];
  expires_at: number | null;
  card_user_id: number | null;
  user_id: number | null;
  user_status: UserFacts['status'] | null;
  company_id: number;
  can_charge_public: number;
  can_charge_work: number;
  can_charge_home: number;
  only_private: number;
  daily_limit: number | null;
  weekly_limit: number | null;
  monthly_limit: number | null;
  charge_only_with_rfid: number;
  limit_unit: 'kwh' | 'currency';
  daily_minor: number | null;
  weekly_minor: number | null;
  monthly_minor: number | null;
  currency: string | null;
}

interface StationRow {
  id: number;
  type: StationFacts['type'];
  company_id: number;
  owner_company_id: number | null;
  country: string | null;
  time_zone: string;
}

interface MoneyRow {
  day_priced: number;
  week_priced: number;
  month_priced: number;
  day_unpriced_wh: number;
  week_unpriced_wh: number;
  month_unpriced_wh: number;
}

function userOf(r: CardRow): UserFacts | null {
  if (r.user_id === null || r.user_status === null) return null;
  return {
    id: r.user_id,
    status: r.user_status,
    companyId: r.company_id,
    canChargePublic: r.can_charge_public === 1,
    canChargeWork: r.can_charge_work === 1,
    canChargeHome: r.can_charge_home === 1,
    onlyPrivate: r.only_private === 1,
    dailyLimit: r.daily_limit,
    weeklyLimit: r.weekly_limit,
    monthlyLimit: r.monthly_limit,
    limitUnit: r.limit_unit === 'currency' ? 'currency' : 'kwh',
    currencyLimits:
      r.daily_minor || r.weekly_minor || r.monthly_minor
        ? { daily: r.daily_minor, weekly: r.weekly_minor, monthly: r.monthly_minor }
        : null,
    currency: r.currency ?? 'EUR',
    chargeOnlyWithRfid: r.charge_only_with_rfid === 1,
  };
}

/**
 * The EMSP tariff that would price a session starting now at the station (the selection of
 * pricing at close, ADR 013), for currency limits; null when none applies.
 */
/** How long the EMSP tariffs of an operator's chain are reused by the decisions of one isolate. */
export const TARIFF_CACHE_MS = 60_000;
type TariffCandidates = { chain: number[]; candidates: ReturnType<typeof candidateOf>[]; until: number };
const tariffCache = new Map<number, TariffCandidates>();

/**
 * The approved EMSP tariffs of the operator's company chain, kept for TARIFF_CACHE_MS per operator:
 * a ChargePoint object answers every Authorize of its station from one isolate, and without the cache
 * each decision of a currency user paid two more sequential D1 round trips. A newly approved tariff is
 * therefore used by the charger's limit check within a minute (pricing at close reads it at once).
 */
async function emspCandidates(db: Db, operatorId: number, now: number): Promise<TariffCandidates> {
  const hit = tariffCache.get(operatorId);
  if (hit && hit.until > now) return hit;
  const chain = await companyAncestorIds(db, operatorId);
  const rows =
    chain.length === 0
      ? []
      : await db.query.tariffs.findMany({
          where: (t, { and, eq, inArray }) =>
            and(inArray(t.companyId, chain), eq(t.type, 'emp'), eq(t.status, 'approved')),
        });
  const entry = { chain, candidates: rows.map(candidateOf), until: now + TARIFF_CACHE_MS };
  if (tariffCache.size > 1000) tariffCache.clear();
  tariffCache.set(operatorId, entry);
  return entry;
}

/**
 * The EMSP tariff that would price a session starting now at the station (the selection of
 * pricing at close, ADR 013), for currency limits; null when none applies.
 */
export async function pricingAt(
  db: Db,
  station: { company_id: number; country: string | null; time_zone: string },
  at: Date,
  idTag: string,
): Promise<{ tariff: Tariff; timeZone: string } | null> {
  const { chain, candidates } = await emspCandidates(db, station.company_id, Date.now());
  if (chain.length === 0) return null;
  const choice = chooseTariff(candidates, 'emp', {
    start: at,
    companyChain: chain,
    country: station.country,
    customerGroupId: null,
    paymentType: idTag.startsWith('EP-') ? 'ad_hoc' : 'business_pass',
  });
  return choice.tariff ? { tariff: engineTariffOf(choice.tariff.row), timeZone: station.time_zone } : null;
}

export async function decideAuthorization(db: Db, input: AuthorizationInput): Promise<AuthorizationDecision> {
  const d1 = db.$client;
  // UUIDs are stored upper-case, so the unique index answers a case-insensitive lookup.
  const idTag = input.idTag.trim().toUpperCase();
  const [cards, stationRows] = await d1.batch<CardRow | StationRow>([
    d1.prepare(CARD_SQL).bind(idTag),
    d1.prepare(STATION_SQL).bind(input.stationId),
  ]);
  const row = cards?.results[0] as CardRow | undefined;
  const s = stationRows?.results[0] as StationRow | undefined;
  const card: CardFacts | null = row
    ? {
        id: row.card_id,
        status: row.card_status,
        expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
        userId: row.card_user_id,
      }
    : null;
  const user = row ? userOf(row) : null;
  const station: StationFacts | null = s
    ? { id: s.id, type: s.type, companyId: s.company_id, ownerCompanyId: s.owner_company_id }
    : null;
  const base = { at: input.at, card, user, station, remote: input.remote ?? false };
  if (cardVerdict(card, user, input.at) || !user) {
    return decide({ ...base, family: [], usage: { dayWh: 0, weekWh: 0, monthWh: 0 }, concurrent: false });
  }
  const p = periodStarts(input.at);
  const periods = [user.id, p.day.getTime(), p.week.getTime(), p.month.getTime()] as const;
  // Currency limits also need the money used and the tariff of this station (ADR 028).
  const inCurrency = user.limitUnit === 'currency' && user.currencyLimits !== null;
  const [batch, pricing] = await Promise.all([
    d1.batch<{ id: number } & Record<string, number>>([
      d1.prepare(FAMILY_SQL).bind(user.companyId),
      d1.prepare(USAGE_SQL).bind(...periods),
      d1.prepare(CONCURRENT_SQL).bind(input.idTag.trim(), idTag, input.stationId, input.connectorNumber ?? null),
      ...(inCurrency ? [d1.prepare(MONEY_SQL).bind(...periods)] : []),
    ]),
    inCurrency && s ? pricingAt(db, s, input.at, idTag) : Promise.resolve(null),
  ]);
  const [family, usage, concurrent, moneyRows] = batch;
  const used = usage?.results[0];
  const m = moneyRows?.results[0] as MoneyRow | undefined;
  const rate = inCurrency ? referenceRate(pricing?.tariff ?? null, input.at, s?.time_zone ?? 'Europe/Paris') : 0;
  return decide({
    ...base,
    family: (family?.results ?? []).map((r) => r.id),
    usage: {
      dayWh: used?.day_wh ?? 0,
      weekWh: used?.week_wh ?? 0,
      monthWh: used?.month_wh ?? 0,
      ...(m
        ? {
            money: {
              day: moneyUsed(m.day_priced, m.day_unpriced_wh, rate),
              week: moneyUsed(m.week_priced, m.week_unpriced_wh, rate),
              month: moneyUsed(m.month_priced, m.month_unpriced_wh, rate),
            },
          }
        : {}),
    },
    concurrent: (concurrent?.results.length ?? 0) > 0,
    pricing,
  });
}

/** The statements of the decision, for `npm run bench:fleet`'s query plans. */
export const AUTHORIZATION_SQL = {
  card: CARD_SQL,
  station: STATION_SQL,
  family: FAMILY_SQL,
  usage: USAGE_SQL,
  money: MONEY_SQL,
  concurrent: CONCURRENT_SQL,
} as const;
