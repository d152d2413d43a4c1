/** @module Reads and writes of a company's report settings (one row per company; none means nothing chosen). */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { companyReportSettings } from '@db/schema';
import { eq } from 'drizzle-orm';

export type ReportValues = { monthlyRevenue: boolean; quarterlyRevenue: boolean; recipients: string | null };

export async function reportSettingsOf(db: Db, companyId: number): Promise<ReportValues> {
  const row = await db.select().from(companyReportSettings).where(eq(companyReportSettings.companyId, companyId)).get();
  return {
    monthlyRevenue: row?.monthlyRevenue ?? false,
    quarterlyRevenue: row?.quarterlyRevenue ?? false,
    recipients: row?.recipients ?? null,
  };
}

/** Writes the settings and their audit row in one batch. */
export async function writeReportSettings(
  db: Db,
  companyId: number,
  values: ReportValues,
  by: number,
  audit: AuditEntry,
) {
  const row = { ...values, updatedBy: by, updatedAt: new Date() };
  await db.batch([
    db
      .insert(companyReportSettings)
      .values({ companyId, ...row })
      .onConflictDoUpdate({ target: companyReportSettings.companyId, set: row }),
    auditInsert(db, audit),
  ]);
}
