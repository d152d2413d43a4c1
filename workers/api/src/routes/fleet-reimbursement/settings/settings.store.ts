/** @module Reads and writes of a company's home-reimbursement settings, for a company the caller has in scope. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { serviceSettingsOf } from '@db/queries/companies.store';
import { companies, homeReimbursementSettings } from '@db/schema';
import type { SettingsValues } from '@domain/reimbursement/settings-input';
import { eq } from 'drizzle-orm';
import type { SettingsFacts } from './settings.schemas';

/** The settings, the company's cap and its service settings; null for a company outside `scope`. */
export async function settingsFacts(
  db: Db,
  scope: readonly number[],
  companyId: number,
): Promise<SettingsFacts | null> {
  if (!scope.includes(companyId)) return null;
  const [company, row, services] = await Promise.all([
    db
      .select({
        id: companies.id,
        currency: companies.currency,
        reimbursementKwhCostLimit: companies.reimbursementKwhCostLimit,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .get(),
    db.select().from(homeReimbursementSettings).where(eq(homeReimbursementSettings.companyId, companyId)).get(),
    serviceSettingsOf(db, companyId),
  ]);
  if (!company) return null;
  return { company, row: row ?? null, services };
}

/** Upserts the settings row, writes the company's kWh cost limit and the audit row, in one batch. */
export async function writeSettings(
  db: Db,
  companyId: number,
  values: SettingsValues,
  actorId: number,
  audit: AuditEntry,
) {
  const { reimbursementKwhCostLimit, ...row } = values;
  const set = { ...row, updatedBy: actorId, updatedAt: new Date() };
  await db.batch([
    db
      .insert(homeReimbursementSettings)
      .values({ companyId, ...set })
      .onConflictDoUpdate({ target: homeReimbursementSettings.companyId, set }),
    db.update(companies).set({ reimbursementKwhCostLimit, updatedAt: new Date() }).where(eq(companies.id, companyId)),
    auditInsert(db, audit),
  ]);
}
