/** @module Reads and writes of a company's SSO configuration and its e-mail domains (migration 0041). */
import type { AuditEntry } from '@api/lib/audit.store';
import { auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { corporateGroups, ssoConfigs, ssoDomains } from '@db/schema';
import { and, eq, inArray, ne } from 'drizzle-orm';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;

export async function ssoConfigOf(db: Db, companyId: number) {
  const [config, domains] = await Promise.all([
    db.select().from(ssoConfigs).where(eq(ssoConfigs.companyId, companyId)).get(),
    db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.companyId, companyId)),
  ]);
  return config ? { config, domains: domains.map((d) => d.domain).sort() } : null;
}

/** The first of `domains` another company already claims. */
export async function domainTakenElsewhere(db: Db, companyId: number, domains: string[]) {
  const row = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.companyId, companyId)))
    .get();
  return row?.domain ?? null;
}

export const corporateGroupsOf = (db: Db, companyId: number) =>
  db
    .select({ id: corporateGroups.id, name: corporateGroups.name })
    .from(corporateGroups)
    .where(eq(corporateGroups.companyId, companyId))
    .orderBy(corporateGroups.name);

export async function corporateGroupIn(db: Db, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .select({ id: corporateGroups.id })
    .from(corporateGroups)
    .where(and(eq(corporateGroups.id, id), eq(corporateGroups.companyId, companyId)))
    .get();
  return row !== undefined;
}

/** Upserts the configuration, replaces its domains and writes the audit row, in one batch. */
export async function writeSsoConfig(
  db: Db,
  values: typeof ssoConfigs.$inferInsert & { companyId: number },
  domains: string[],
  audit: AuditEntry,
): Promise<void> {
  const { companyId, ...set } = values;
  await db.batch([
    db.insert(ssoConfigs).values(values).onConflictDoUpdate({ target: ssoConfigs.companyId, set }),
    db.delete(ssoDomains).where(eq(ssoDomains.companyId, companyId)),
    db.insert(ssoDomains).values(domains.map((domain) => ({ domain, companyId }))),
    auditInsert(db, audit),
  ]);
}
