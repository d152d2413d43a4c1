/** @module Reads of the revenue reports within the caller's scope (ADR 056); the writes are the job's (workers/cron). */
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { companies, revenueReports } from '@db/schema';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';

export interface ListFilter {
  scope: readonly number[];
  companyId?: number;
  kind?: 'month' | 'quarter';
  period?: string;
  page: number;
  size: number;
}

const COLUMNS = {
  id: revenueReports.id,
  companyId: revenueReports.companyId,
  companyName: companies.name,
  periodKind: revenueReports.periodKind,
  period: revenueReports.period,
  status: revenueReports.status,
  error: revenueReports.error,
  sizeBytes: revenueReports.sizeBytes,
  source: revenueReports.source,
  r2Key: revenueReports.r2Key,
  generatedAt: revenueReports.generatedAt,
  emailedAt: revenueReports.emailedAt,
};

function where(f: Omit<ListFilter, 'page' | 'size'>): SQL | undefined {
  return and(
    inCompanies(revenueReports.companyId, f.scope),
    f.companyId !== undefined ? eq(revenueReports.companyId, f.companyId) : undefined,
    f.kind ? eq(revenueReports.periodKind, f.kind) : undefined,
    f.period ? eq(revenueReports.period, f.period) : undefined,
  );
}

export async function listReports(db: Db, f: ListFilter) {
  const [rows, total] = await Promise.all([
    db
      .select(COLUMNS)
      .from(revenueReports)
      .innerJoin(companies, eq(companies.id, revenueReports.companyId))
      .where(where(f))
      .orderBy(desc(revenueReports.period), revenueReports.companyId, revenueReports.periodKind)
      .limit(f.size)
      .offset(f.page * f.size),
    db.select({ n: count() }).from(revenueReports).where(where(f)).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One report if its company is in the scope. */
export function reportById(db: Db, scope: readonly number[], id: number) {
  return db
    .select(COLUMNS)
    .from(revenueReports)
    .innerJoin(companies, eq(companies.id, revenueReports.companyId))
    .where(and(eq(revenueReports.id, id), inCompanies(revenueReports.companyId, scope)))
    .get();
}
