/** @module Reads and writes of the company settings, always for one company the caller has in scope. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { serviceSettingsOf } from '@db/queries/companies.store';
import { companies, companyServiceSettings, companySiblings } from '@db/schema';
import { SERVICE_SETTING_IDS } from '@domain/permissions/service-settings';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { type Company, toSettings } from './company-settings.schemas';

export type { Company } from './company-settings.schemas';
export { serviceSettingsOf };

/** The company if it is in `scope` (the caller's selected company and its descendants), else null. */
export async function scopedCompany(db: Db, scope: readonly number[], id: number): Promise<Company | null> {
  if (!scope.includes(id)) return null;
  return (await db.select().from(companies).where(eq(companies.id, id)).get()) ?? null;
}

/** Linked siblings, stored once per direction: either side of the link names the other. */
export async function siblingsOf(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  const links = await db
    .select({ a: companySiblings.companyId, b: companySiblings.siblingId })
    .from(companySiblings)
    .where(or(eq(companySiblings.companyId, companyId), eq(companySiblings.siblingId, companyId)));
  const ids = [...new Set(links.map((l) => (l.a === companyId ? l.b : l.a)))];
  if (ids.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids))
    .orderBy(asc(companies.name));
}

export async function settingsView(db: Db, company: Company, selectedId: number) {
  const [services, siblings, parent] = await Promise.all([
    serviceSettingsOf(db, company.id),
    siblingsOf(db, company.id),
    company.parentCompanyId === null
      ? null
      : db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(eq(companies.id, company.parentCompanyId))
          .get(),
  ]);
  const known = SERVICE_SETTING_IDS as readonly number[];
  const on = services.filter((id) => known.includes(id)).sort((a, b) => a - b);
  return toSettings(company, on, siblings, parent ?? null, selectedId);
}

/** The settings view of a company the caller has just changed (found in scope before the change). */
export async function settingsViewOf(db: Db, id: number, selectedId: number) {
  const company = await db.select().from(companies).where(eq(companies.id, id)).get();
  if (!company) throw new Error(`company ${id} vanished after its update`);
  return settingsView(db, company, selectedId);
}

type CompanyColumns = Partial<Omit<Company, 'id' | 'createdAt' | 'updatedAt'>>;

/** Writes a scoped company's columns and the audit row of the change in one batch. */
export async function writeCompany(db: Db, companyId: number, columns: CompanyColumns, audit: AuditEntry) {
  await db.batch([
    db
      .update(companies)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(companies.id, companyId)),
    auditInsert(db, audit),
  ]);
}

/** The statements that make exactly `on` the company's known service settings; unknown stored ids stay. */
function replaceServiceSettings(db: Db, companyId: number, on: readonly number[]) {
  const known = SERVICE_SETTING_IDS as readonly number[];
  const off = known.filter((id) => !on.includes(id));
  const remove = db
    .delete(companyServiceSettings)
    .where(and(eq(companyServiceSettings.companyId, companyId), inArray(companyServiceSettings.settingId, off)));
  if (on.length === 0) return [remove] as const;
  return [
    remove,
    db
      .insert(companyServiceSettings)
      .values(on.map((settingId) => ({ companyId, settingId })))
      .onConflictDoNothing(),
  ] as const;
}

/** Makes `on` the company's known service settings and writes its flags and the audit row, in one batch. */
export async function writeServices(
  db: Db,
  companyId: number,
  on: readonly number[],
  flags: CompanyColumns,
  audit: AuditEntry,
) {
  const [first, ...rest] = replaceServiceSettings(db, companyId, on);
  await db.batch([
    first,
    ...rest,
    db
      .update(companies)
      .set({ ...flags, updatedAt: new Date() })
      .where(eq(companies.id, companyId)),
    auditInsert(db, audit),
  ]);
}
