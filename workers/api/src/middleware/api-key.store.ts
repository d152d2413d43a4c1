/** @module The API key middleware's reads and writes: the key and its creator, company, services and scope; usage counts. */
import type { Db } from '@db/db';
import { apiKeys, apiKeyUsage } from '@db/schema';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { callerReads } from './session.store';

/**
 * The live key with this secret hash and, in the same D1 round trip, its creator (the key's `user`),
 * its company, that company's service settings and its tree. `key` is undefined for an unknown,
 * rotated-away or revoked secret.
 */
export async function apiKeyFacts(db: Db, secretHash: string) {
  const live = and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt));
  const creatorId = db.select({ id: apiKeys.createdBy }).from(apiKeys).where(live);
  const companyId = db.select({ id: apiKeys.companyId }).from(apiKeys).where(live);
  const root = sql`SELECT company_id FROM api_keys WHERE secret_hash = ${secretHash} AND revoked_at IS NULL`;
  const [userQuery, companyQuery, servicesQuery, treeQuery] = callerReads(db, creatorId, companyId, root);
  const [keyRows, userRows, companyRows, serviceRows, treeRows] = await db.batch([
    db.select().from(apiKeys).where(live),
    userQuery,
    companyQuery,
    servicesQuery,
    treeQuery,
  ]);
  return {
    key: keyRows[0],
    user: userRows[0],
    company: companyRows[0],
    services: serviceRows.map((r) => r.id),
    scope: treeRows.map((r) => r.id),
  };
}

/**
 * Counts one request of the key in its minute (one atomic upsert) and records the key as used, in
 * one round trip; answers the minute's count so far, this request included.
 */
export async function countKeyRequest(db: Db, keyId: number, minute: number, at: Date): Promise<number> {
  const [counted] = await db.batch([
    db
      .insert(apiKeyUsage)
      .values({ keyId, minute, count: 1 })
      .onConflictDoUpdate({
        target: [apiKeyUsage.keyId, apiKeyUsage.minute],
        set: { count: sql`${apiKeyUsage.count} + 1` },
      })
      .returning({ count: apiKeyUsage.count }),
    db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId)),
  ]);
  return counted[0]?.count ?? 1;
}

/** Drops usage minutes before `minute` (the daily prune keeps eight days). */
export async function dropUsageBefore(db: Db, minute: number): Promise<void> {
  await db.delete(apiKeyUsage).where(lt(apiKeyUsage.minute, minute));
}
