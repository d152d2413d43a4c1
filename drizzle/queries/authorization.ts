/**
 * @module The authorization decision for an idTag at a station (OCPP Authorize, StartTransaction,
 * remote starts): gathers every fact in ONE D1 round trip (one batch of indexed statements, each keyed
 * by the card's uuid or the station id, so none waits for another's answer) and lets
 * `domain/authorization` decide (ADR 030). Plain D1 batches, because drizzle maps batched
 * rows by column name (a join repeats id and status) and cannot batch raw SQL.
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
 * Companies whose work and private stations a user of company `company` (an SQL expression) may
 * use: the company and its descendants, its linked siblings when `siblings_can_charge_on`, its parent
 * when `parent_can_charge_on`.
 */
const familySql = (company: string) => `
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

/** The user of the card with uuid ?1 and that user's company: scalar subqueries SQLite runs once per statement. */
const CARD_USER = '(SELECT user_id FROM rfids WHERE uuid = ?1)';
const CARD_COMPANY = '(SELECT u.company_id FROM rfids r JOIN users u ON u.id = r.user_id WHERE r.uuid = ?1)';

/** The family of the company of the card ?1's user (no row when the card or its user is unknown). */
const CARD_FAMILY_SQL = familySql(CARD_COMPANY);

/**
 * What the card ?1's user has used in the current day (?2), ISO week (?3) and month (?4): energy
 * (kWh limits; in-progress sessions count with whatever `cdr_consumed_energy` the OCPP worker has
 * written so far) and, for currency limits (ADR 028), the driver price of priced sessions and the
 * energy of the sessions not priced yet (counted at the reference rate). One range of the
 * (user_id, cdr_start) index.
 */
const USAGE_SQL = `
  SELECT coalesce(sum(CASE WHEN cdr_start >= ?2 THEN coalesce(cdr_consumed_energy, 0) END), 0) AS day_wh,
    coalesce(sum(CASE WHEN cdr_start >= ?3 THEN coalesce(cdr_consumed_energy, 0) END), 0) AS week_wh,
    coalesce(sum(CASE WHEN cdr_start >= ?4 THEN coalesce(cdr_consumed_energy, 0) END), 0) AS month_wh,
    coalesce(sum(CASE WHEN cdr_start >= ?2 AND pricing_status = 'priced' THEN coalesce(emp_price_total, 0) END), 0) AS day_priced,
    coalesce(sum(CASE WHEN cdr_start >= ?3 AND pricing_status = 'priced' THEN coalesce(emp_price_total, 0) END), 0) AS week_priced,
    coalesce(sum(CASE WHEN cdr_start >= ?4 AND pricing_status = 'priced' THEN coalesce(emp_price_total, 0) END), 0) AS month_priced,
    coalesce(sum(CASE WHEN cdr_start >= ?2 AND pricing_status <> 'priced' THEN coalesce(cdr_consumed_energy, 0) END), 0) AS day_unpriced_wh,
    coalesce(sum(CASE WHEN cdr_start >= ?3 AND pricing_status <> 'priced' THEN coalesce(cdr_consumed_energy, 0) END), 0) AS week_unpriced_wh,
    coalesce(sum(CASE WHEN cdr_start >= ?4 AND pricing_status <> 'priced' THEN coalesce(cdr_consumed_energy, 0) END), 0) AS month_unpriced_wh
  FROM charging_sessions WHERE user_id = ${CARD_USER} AND cdr_start >= min(?3, ?4)`;

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

interface UsageRow {
  day_wh: number;
  week_wh: number;
  month_wh: number;
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
  // The periods do not depend on the user, so every fact is asked at once: one round trip. The
  // statements for family, usage and concurrency cost a few index probes even when the card
  // turns out to be refused (their answers are then ignored, as they were never asked before).
  const p = periodStarts(input.at);
  const [cards, stationRows, family, usage, concurrent] = await d1.batch<Record<string, unknown>>([
    d1.prepare(CARD_SQL).bind(idTag),
    d1.prepare(STATION_SQL).bind(input.stationId),
    d1.prepare(CARD_FAMILY_SQL).bind(idTag),
    d1.prepare(USAGE_SQL).bind(idTag, p.day.getTime(), p.week.getTime(), p.month.getTime()),
    d1.prepare(CONCURRENT_SQL).bind(input.idTag.trim(), idTag, input.stationId, input.connectorNumber ?? null),
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
  // Currency limits also need the tariff of this station (ADR 028), cached per operator (TARIFF_CACHE_MS).
  const inCurrency = user.limitUnit === 'currency' && user.currencyLimits !== null;
  const pricing = inCurrency && s ? await pricingAt(db, s, input.at, idTag) : null;
  const used = usage?.results[0] as UsageRow | undefined;
  const rate = inCurrency ? referenceRate(pricing?.tariff ?? null, input.at, s?.time_zone ?? 'Europe/Paris') : 0;
  return decide({
    ...base,
    family: ((family?.results ?? []) as { id: number }[]).map((r) => r.id),
    usage: {
      dayWh: used?.day_wh ?? 0,
      weekWh: used?.week_wh ?? 0,
      monthWh: used?.month_wh ?? 0,
      ...(inCurrency && used
        ? {
            money: {
              day: moneyUsed(used.day_priced, used.day_unpriced_wh, rate),
              week: moneyUsed(used.week_priced, used.week_unpriced_wh, rate),
              month: moneyUsed(used.month_priced, used.month_unpriced_wh, rate),
            },
          }
        : {}),
    },
    concurrent: (concurrent?.results.length ?? 0) > 0,
    pricing,
  });
}

/** The statements of the decision (one batch), for `npm run bench:fleet`'s query plans. */
export const AUTHORIZATION_SQL = {
  card: CARD_SQL,
  station: STATION_SQL,
  family: CARD_FAMILY_SQL,
  usage: USAGE_SQL,
  concurrent: CONCURRENT_SQL,
} as const;
