/** @module The sessions a fleet user's statistics count: start and energy, within a window. */
import type { Db } from '@db/db';
import { chargingSessions } from '@db/schema';
import { and, eq, gte, lt } from 'drizzle-orm';

/** Sessions of a user (already found in the caller's scope) started in [from, to). */
export function sessionsStarted(db: Db, userId: number, window: { from: Date; to: Date }) {
  return db
    .select({ start: chargingSessions.startAt, wh: chargingSessions.energyWh })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.userId, userId),
        gte(chargingSessions.startAt, window.from),
        lt(chargingSessions.startAt, window.to),
      ),
    );
}
