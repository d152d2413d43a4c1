/**
 * @module The AuthorizationKey hand-over (ADR 014): a new charge point password is stored hashed as
 * *pending* before ChangeConfiguration is sent, accepted alongside the current one, promoted when the
 * charge point accepts it (or first connects with it) and dropped when it refuses.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { stationPendingKeys, stations } from '../schema';

export async function setPendingKey(db: Db, stationId: number, passwordHash: string): Promise<void> {
  await db
    .insert(stationPendingKeys)
    .values({ stationId, passwordHash })
    .onConflictDoUpdate({ target: stationPendingKeys.stationId, set: { passwordHash, createdAt: new Date() } });
}

export async function pendingKeyHash(db: Db, stationId: number): Promise<string | null> {
  const row = await db.select().from(stationPendingKeys).where(eq(stationPendingKeys.stationId, stationId)).get();
  return row?.passwordHash ?? null;
}

/** The pending hash becomes the station's password in one batch; false when nothing was pending. */
export async function promotePendingKey(db: Db, stationId: number, expectedHash?: string): Promise<boolean> {
  const hash = await pendingKeyHash(db, stationId);
  if (!hash || (expectedHash !== undefined && hash !== expectedHash)) return false;
  await db.batch([
    db.update(stations).set({ ocppPasswordHash: hash }).where(eq(stations.id, stationId)),
    db.delete(stationPendingKeys).where(eq(stationPendingKeys.stationId, stationId)),
  ]);
  return true;
}

/** Drops the pending key only when it is still the one this request set (a newer request wins). */
export async function dropPendingKey(db: Db, stationId: number, hash: string): Promise<void> {
  const current = await pendingKeyHash(db, stationId);
  if (current === hash) await db.delete(stationPendingKeys).where(eq(stationPendingKeys.stationId, stationId));
}
