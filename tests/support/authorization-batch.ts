/**
 * The Authorize decision as ADR 030 first built it: one D1 batch of five statements (card + user,
 * station, family, usage, concurrent session), each keyed by the card's uuid or the station id, all
 * run whatever the card. Kept as the reference the single statement of `decideAuthorization` is
 * compared with: the equivalence test decides every case both ways, and `npm run bench:fleet` times
 * both in the same run. Not used by the workers.
 */
import { periodStarts } from '../../domain/charging-authorization/periods';
import type { Db } from '../../drizzle/db';
import {
  type AuthorizationInput,
  type CardRow,
  decideFrom,
  familySql,
  type StationRow,
  type UsageRow,
} from '../../drizzle/queries/authorization.store';

const CARD_SQL = `
  SELECT r.id AS card_id, r.status AS card_status, r.expires_at, r.user_id AS card_user_id, r.parent_id_tag,
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

const CARD_USER = '(SELECT user_id FROM rfids WHERE uuid = ?1)';
const CARD_COMPANY = '(SELECT u.company_id FROM rfids r JOIN users u ON u.id = r.user_id WHERE r.uuid = ?1)';

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

const CONCURRENT_SQL = `
  SELECT id FROM charging_sessions
  WHERE auth_id IN (?1, ?2) AND status = 'in_progress'
    AND (station_id <> ?3 OR (?4 IS NOT NULL AND connector_number <> ?4))
  LIMIT 1`;

/** The five statements of the previous decision, bound for an input. */
export function previousBatch(d1: D1Database, input: AuthorizationInput): D1PreparedStatement[] {
  const idTag = input.idTag.trim().toUpperCase();
  const p = periodStarts(input.at);
  return [
    d1.prepare(CARD_SQL).bind(idTag),
    d1.prepare(STATION_SQL).bind(input.stationId),
    d1.prepare(familySql(CARD_COMPANY)).bind(idTag),
    d1.prepare(USAGE_SQL).bind(idTag, p.day.getTime(), p.week.getTime(), p.month.getTime()),
    d1.prepare(CONCURRENT_SQL).bind(input.idTag.trim(), idTag, input.stationId, input.connectorNumber ?? null),
  ];
}

/** The decision as ADR 030 made it: the five statements in one batch, then the same `decide`. */
export async function decideAuthorizationBatch(db: Db, input: AuthorizationInput) {
  const [cards, stations, family, usage, concurrent] = await db.$client.batch<Record<string, unknown>>(
    previousBatch(db.$client, input),
  );
  const card = cards?.results[0] as CardRow | undefined;
  const decision = await decideFrom(db, input, {
    card,
    station: stations?.results[0] as StationRow | undefined,
    family: ((family?.results ?? []) as { id: number }[]).map((r) => r.id),
    usage: usage?.results[0] as UsageRow | undefined,
    concurrent: (concurrent?.results.length ?? 0) > 0,
  });
  // As decideAuthorization: a card none of ours is marked (the ocpp worker then asks roaming partners).
  return card ? decision : { ...decision, unknownCard: true };
}
