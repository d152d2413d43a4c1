/** @module Reads of the private users list: users of the scope who charge privately, and their latest sessions. */
import type { Db } from '@db/db';
import { chargingSessions, stations, users } from '@db/schema';
import type { NonPublicStationType } from '@domain/fleet/private-sessions';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { emailOrNameContains, sessionFacts, usersPage } from '../users.store';

/** One page of the scope's users with the only-private or home permission, newest first, and their total. */
export async function privateUsers(
  db: Db,
  scope: number[],
  f: { keyword?: string; page: number; items_per_page: number },
  hideDeleted: boolean,
) {
  const conditions: (SQL | undefined)[] = [
    inArray(users.companyId, scope),
    or(eq(users.onlyPrivate, true), eq(users.canChargeHome, true)),
  ];
  if (hideDeleted) conditions.push(eq(users.status, 'active'));
  if (f.keyword) conditions.push(emailOrNameContains(f.keyword));
  return usersPage(db, and(...conditions), f, sessionFacts);
}

/** The latest 50 sessions of these users (found in the scope), at stations of the types given (null: any). */
export function latestSessions(db: Db, userIds: number[], types: NonPublicStationType[] | null) {
  return db
    .select({ s: chargingSessions, type: stations.type })
    .from(chargingSessions)
    .innerJoin(stations, eq(stations.id, chargingSessions.stationId))
    .where(and(inArray(chargingSessions.userId, userIds), types ? inArray(stations.type, types) : undefined))
    .orderBy(desc(chargingSessions.startAt))
    .limit(50);
}
