/** @module SSO login rows: the enabled configuration of an e-mail domain, started logins (single use). */
import type { Db } from '@db/db';
import { companies, ssoConfigs, ssoDomains, ssoLoginAttempts } from '@db/schema';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';

/** The enabled configuration the domain belongs to, with its company's name. */
export async function enabledConfigForDomain(db: Db, domain: string) {
  return db
    .select({ config: ssoConfigs, companyName: companies.name })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.companyId, ssoDomains.companyId))
    .innerJoin(companies, eq(companies.id, ssoConfigs.companyId))
    .where(and(eq(ssoDomains.domain, domain), eq(ssoConfigs.enabled, true)))
    .get();
}

export async function enabledConfigOf(db: Db, companyId: number) {
  const [config, domains] = await Promise.all([
    db
      .select()
      .from(ssoConfigs)
      .where(and(eq(ssoConfigs.companyId, companyId), eq(ssoConfigs.enabled, true)))
      .get(),
    db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.companyId, companyId)),
  ]);
  return config ? { config, domains: domains.map((d) => d.domain) } : null;
}

/** Stores a started login; drops logins that expired more than a day ago. */
export async function insertAttempt(db: Db, row: typeof ssoLoginAttempts.$inferInsert, now: Date) {
  await db.batch([
    db.delete(ssoLoginAttempts).where(lt(ssoLoginAttempts.expiresAt, new Date(now.getTime() - 86_400_000))),
    db.insert(ssoLoginAttempts).values(row),
  ]);
}

export const attemptByStateHash = (db: Db, stateHash: string) =>
  db.select().from(ssoLoginAttempts).where(eq(ssoLoginAttempts.stateHash, stateHash)).get();

/** Marks the login used if it is still unused and unexpired; false when another request got there first. */
export async function claimAttempt(db: Db, stateHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(ssoLoginAttempts)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoLoginAttempts.stateHash, stateHash),
        isNull(ssoLoginAttempts.usedAt),
        gt(ssoLoginAttempts.expiresAt, now),
      ),
    )
    .returning({ stateHash: ssoLoginAttempts.stateHash });
  return rows.length === 1;
}
