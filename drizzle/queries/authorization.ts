/**
 * @module The authorization decision for an idTag at a station (OCPP Authorize, StartTransaction,
 * remote starts): gathers the facts in a few indexed queries and lets `domain/authorization` decide.
 */
import { and, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import { type AuthorizationDecision, cardVerdict, decide, type Usage } from '../../domain/authorization/decide';
import { periodStarts } from '../../domain/authorization/periods';
import type { Db } from '../db';
import { chargingSessions, companies, companySiblings, rfids, stations, users } from '../schema';
import { companyScopeIds } from './companies';

export interface AuthorizationInput {
  idTag: string;
  /** stations.id */
  stationId: number;
  /** Absent for Authorize (no connector yet); then sessions at this station are not concurrent. */
  connectorNumber?: number;
  at: Date;
}

/**
 * Companies whose work and private stations a user of `companyId` may use: the company and its
 * descendants, its linked siblings when `siblings_can_charge_on`, its parent when `parent_can_charge_on`.
 */
export async function chargingFamily(db: Db, companyId: number): Promise<number[]> {
  const [tree, company, siblings] = await Promise.all([
    companyScopeIds(db, companyId),
    db.select().from(companies).where(eq(companies.id, companyId)).get(),
    db
      .select({ a: companySiblings.companyId, b: companySiblings.siblingId })
      .from(companySiblings)
      .where(or(eq(companySiblings.companyId, companyId), eq(companySiblings.siblingId, companyId))),
  ]);
  const family = new Set(tree);
  if (company?.siblingsCanChargeOn) for (const s of siblings) family.add(s.a === companyId ? s.b : s.a);
  if (company?.parentCanChargeOn && company.parentCompanyId !== null) family.add(company.parentCompanyId);
  return [...family];
}

/**
 * Energy of the user's sessions started in the current day, ISO week and month (Europe/Paris).
 * In-progress sessions count with whatever `cdr_consumed_energy` the OCPP worker has written so far.
 */
async function usageOf(db: Db, userId: number, at: Date): Promise<Usage> {
  const p = periodStarts(at);
  const since = Math.min(p.week.getTime(), p.month.getTime());
  const energy = sql`coalesce(${chargingSessions.energyWh}, 0)`;
  const row = await db
    .select({
      dayWh: sql<number>`coalesce(sum(case when ${chargingSessions.startAt} >= ${p.day.getTime()} then ${energy} end), 0)`,
      weekWh: sql<number>`coalesce(sum(case when ${chargingSessions.startAt} >= ${p.week.getTime()} then ${energy} end), 0)`,
      monthWh: sql<number>`coalesce(sum(case when ${chargingSessions.startAt} >= ${p.month.getTime()} then ${energy} end), 0)`,
    })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.userId, userId), gte(chargingSessions.startAt, new Date(since))))
    .get();
  return { dayWh: row?.dayWh ?? 0, weekWh: row?.weekWh ?? 0, monthWh: row?.monthWh ?? 0 };
}

/** An in-progress session with this idTag at another station, or at another connector of this one. */
async function hasConcurrent(db: Db, input: AuthorizationInput, idTag: string): Promise<boolean> {
  const elsewhere =
    input.connectorNumber === undefined
      ? ne(chargingSessions.stationId, input.stationId)
      : or(
          ne(chargingSessions.stationId, input.stationId),
          ne(chargingSessions.connectorNumber, input.connectorNumber),
        );
  const row = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        // As sent, or upper-cased: both hit the (auth_id, status) index, unlike upper(auth_id).
        inArray(chargingSessions.authId, [...new Set([input.idTag.trim(), idTag])]),
        eq(chargingSessions.status, 'in_progress'),
        elsewhere,
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}

export async function decideAuthorization(db: Db, input: AuthorizationInput): Promise<AuthorizationDecision> {
  // UUIDs are stored upper-case, so the unique index answers a case-insensitive lookup.
  const idTag = input.idTag.trim().toUpperCase();
  const [found, station] = await Promise.all([
    db
      .select({ card: rfids, user: users })
      .from(rfids)
      .leftJoin(users, eq(users.id, rfids.userId))
      .where(eq(rfids.uuid, idTag))
      .get(),
    db
      .select({
        id: stations.id,
        type: stations.type,
        companyId: stations.companyId,
        ownerCompanyId: stations.ownerCompanyId,
      })
      .from(stations)
      .where(eq(stations.id, input.stationId))
      .get(),
  ]);
  const card = found?.card ?? null;
  const user = found?.user ?? null;
  const base = { at: input.at, card, user, station: station ?? null };
  const noUsage = { dayWh: 0, weekWh: 0, monthWh: 0 };
  if (cardVerdict(card, user, input.at) || !user) {
    return decide({ ...base, family: [], usage: noUsage, concurrent: false });
  }
  const needsFamily = station && station.type !== 'public';
  const [family, usage, concurrent] = await Promise.all([
    needsFamily ? chargingFamily(db, user.companyId) : Promise.resolve([]),
    usageOf(db, user.id, input.at),
    hasConcurrent(db, input, idTag),
  ]);
  return decide({ ...base, family, usage, concurrent });
}
