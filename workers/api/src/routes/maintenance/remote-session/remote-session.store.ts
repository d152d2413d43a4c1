/**
 * @module What a remote start or stop reads: the user and their first active card, what the
 * charger's authorization would answer for it, the session to stop, and the users a start can be
 * sent for (active, of the caller's company tree).
 */

import { contains } from '@api/lib/like';
import type { Db } from '@db/db';
import { decideAuthorization } from '@db/queries/authorization.store';
import { chargingSessions, rfids, users } from '@db/schema';
import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';

/** The user `userId` (any company: the caller checks the scope) and the uuid of their first active card. */
export async function userAndCard(db: Db, userId: number) {
  const [user, card] = await Promise.all([
    db
      .select({ id: users.id, status: users.status, companyId: users.companyId })
      .from(users)
      .where(eq(users.id, userId))
      .get(),
    db
      .select({ uuid: rfids.uuid })
      .from(rfids)
      .where(and(eq(rfids.userId, userId), eq(rfids.status, 'active')))
      .orderBy(asc(rfids.id))
      .get(),
  ]);
  return { user, card };
}

/** What the charger's authorization answers now for card `idTag` on the connector, as a remote start. */
export function remoteAuthorization(db: Db, idTag: string, stationId: number, connectorNumber: number) {
  return decideAuthorization(db, { idTag, stationId, connectorNumber, at: new Date(), remote: true });
}

/**
 * The transaction the charge point is running on the connector: the latest accepted start (a refused
 * start or a transaction ended without its stop is closed, ADR 040; should an older one still be open,
 * it is not the one charging).
 */
export async function sessionToStop(db: Db, stationId: number, connectorNumber: number) {
  return db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.stationId, stationId),
        eq(chargingSessions.connectorNumber, connectorNumber),
        eq(chargingSessions.status, 'in_progress'),
      ),
    )
    .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
    .get();
}

/** Active users of the scope by e-mail or name (20 at most), with whether they hold an active card. */
export async function startableUsers(db: Db, scope: number[], keyword: string | undefined) {
  const pattern = keyword ? contains(keyword) : null;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      // Qualified by hand: drizzle writes a column of the outer query unqualified in a select
      // list, and an unqualified "id" inside the subquery would be the card's own id.
      cards: sql<number>`(SELECT count(*) FROM "rfids" r WHERE r."user_id" = "users"."id" AND r."status" = 'active')`,
    })
    .from(users)
    .where(
      and(
        inArray(users.companyId, scope),
        eq(users.status, 'active'),
        pattern
          ? or(like(users.email, pattern), like(users.firstName, pattern), like(users.lastName, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(20);
  return rows.map(({ cards, ...u }) => ({ ...u, has_active_rfid: cards > 0 }));
}
