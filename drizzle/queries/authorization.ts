/**
 * @module The authorization decision for an idTag at a station (OCPP Authorize, StartTransaction,
 * remote starts): gathers the facts in two D1 round trips of indexed queries and lets
 * `domain/authorization` decide. Plain D1 batches, because drizzle maps batched rows by column
 * name (a join repeats id and status) and cannot batch raw SQL.
 */
import {
  type AuthorizationDecision,
  type CardFacts,
  cardVerdict,
  decide,
  type StationFacts,
  type UserFacts,
} from '../../domain/authorization/decide';
import { periodStarts } from '../../domain/authorization/periods';
import type { Db } from '../db';

export interface AuthorizationInput {
  idTag: string;
  /** stations.id */
  stationId: number;
  /** Absent for Authorize (no connector yet); then sessions at this station are not concurrent. */
  connectorNumber?: number;
  at: Date;
}

const CARD_SQL = `
  SELECT r.id AS card_id, r.status AS card_status, r.expires_at, r.user_id AS card_user_id,
         u.id AS user_id, u.status AS user_status, u.company_id, u.can_charge_public, u.can_charge_work,
         u.can_charge_home, u.only_private, u.daily_limit, u.weekly_limit, u.monthly_limit
  FROM rfids r LEFT JOIN users u ON u.id = r.user_id
  WHERE r.uuid = ?1`;

const STATION_SQL = 'SELECT id, type, company_id, owner_company_id FROM stations WHERE id = ?1';

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
}

interface StationRow {
  id: number;
  type: StationFacts['type'];
  company_id: number;
  owner_company_id: number | null;
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
  };
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
  const base = { at: input.at, card, user, station };
  if (cardVerdict(card, user, input.at) || !user) {
    return decide({ ...base, family: [], usage: { dayWh: 0, weekWh: 0, monthWh: 0 }, concurrent: false });
  }
  const p = periodStarts(input.at);
  const [family, usage, concurrent] = await d1.batch<{ id: number } & Record<string, number>>([
    d1.prepare(FAMILY_SQL).bind(user.companyId),
    d1.prepare(USAGE_SQL).bind(user.id, p.day.getTime(), p.week.getTime(), p.month.getTime()),
    d1.prepare(CONCURRENT_SQL).bind(input.idTag.trim(), idTag, input.stationId, input.connectorNumber ?? null),
  ]);
  const used = usage?.results[0];
  return decide({
    ...base,
    family: (family?.results ?? []).map((r) => r.id),
    usage: { dayWh: used?.day_wh ?? 0, weekWh: used?.week_wh ?? 0, monthWh: used?.month_wh ?? 0 },
    concurrent: (concurrent?.results.length ?? 0) > 0,
  });
}
