/**
 * @module Reads and writes of `reimbursement_tariffs`, always within the caller's reach: a manager's
 * companies in scope, or an employee's own rows. The changes are in `tariffs.write.store.ts`.
 */

import type { Db } from '@db/db';
import { inCompanies, serviceSettingsOf } from '@db/queries/companies.store';
import { companies, homeReimbursementSettings, reimbursementDocuments, reimbursementTariffs, users } from '@db/schema';
import type { TariffPeriod } from '@domain/reimbursement/tariffs';
import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { ListFilters, TariffRow } from './tariffs.schemas';

/** Whose tariffs the caller reaches: the companies in scope (a manager) or one employee's. */
export type Reach = { companies: readonly number[] } | { userId: number };

const reviewers = alias(users, 'reviewer');
/** Not soft-deleted (shared with `tariffs.write.store.ts`). */
export const live = isNull(reimbursementTariffs.deletedAt);

function within(reach: Reach): SQL | undefined {
  return 'userId' in reach
    ? eq(reimbursementTariffs.userId, reach.userId)
    : inCompanies(reimbursementTariffs.companyId, reach.companies);
}

const rowShape = {
  tariff: {
    id: reimbursementTariffs.id,
    companyId: reimbursementTariffs.companyId,
    userId: reimbursementTariffs.userId,
    pricePerKwh: reimbursementTariffs.pricePerKwh,
    currency: reimbursementTariffs.currency,
    validFrom: reimbursementTariffs.validFrom,
    validTo: reimbursementTariffs.validTo,
    status: reimbursementTariffs.status,
    documentId: reimbursementTariffs.documentId,
    createdAt: reimbursementTariffs.createdAt,
    reviewedAt: reimbursementTariffs.reviewedAt,
  },
  user: { email: users.email, firstName: users.firstName, lastName: users.lastName },
  documentName: reimbursementDocuments.fileName,
  // A non-null column first: drizzle nulls a left-joined object when its first column is null.
  reviewer: { email: reviewers.email, firstName: reviewers.firstName, lastName: reviewers.lastName },
};

function selectRows(db: Db) {
  return db
    .select(rowShape)
    .from(reimbursementTariffs)
    .innerJoin(users, eq(users.id, reimbursementTariffs.userId))
    .leftJoin(
      reimbursementDocuments,
      and(eq(reimbursementDocuments.id, reimbursementTariffs.documentId), isNull(reimbursementDocuments.deletedAt)),
    )
    .leftJoin(reviewers, eq(reviewers.id, reimbursementTariffs.reviewedBy));
}

/** A live tariff the caller reaches; undefined for another company's, another employee's or a deleted one. */
export async function reachedTariff(db: Db, reach: Reach, tariffId: number): Promise<TariffRow | undefined> {
  return selectRows(db)
    .where(and(eq(reimbursementTariffs.id, tariffId), live, within(reach)))
    .get();
}

const contains = (column: SQL, keyword: string) =>
  sql`instr(lower(coalesce(${column}, '')), ${keyword.toLowerCase()}) > 0`;

/** A page of the live tariffs the caller reaches, newest validity first. */
export async function listTariffs(db: Db, reach: Reach, f: ListFilters) {
  const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  const where = and(
    live,
    within(reach),
    f.status ? eq(reimbursementTariffs.status, f.status) : undefined,
    f.user_id ? eq(reimbursementTariffs.userId, f.user_id) : undefined,
    f.search ? or(contains(sql`${users.email}`, f.search), contains(fullName, f.search)) : undefined,
  );
  const [rows, total] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(reimbursementTariffs.validFrom), desc(reimbursementTariffs.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db
      .select({ n: count() })
      .from(reimbursementTariffs)
      .innerJoin(users, eq(users.id, reimbursementTariffs.userId))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every live tariff of one employee (the facts of the pending and overlap rules). */
export function tariffsOfUser(db: Db, userId: number): Promise<TariffPeriod[]> {
  return db
    .select({
      id: reimbursementTariffs.id,
      status: reimbursementTariffs.status,
      validFrom: reimbursementTariffs.validFrom,
      validTo: reimbursementTariffs.validTo,
    })
    .from(reimbursementTariffs)
    .where(and(eq(reimbursementTariffs.userId, userId), live));
}

/**
 * The employee a tariff is for, with what decides it: their company's currency, reimbursement settings
 * and service settings, and their own document flag. Undefined unless the user is active and in
 * `companies` (a manager's scope) or is `self` (the caller).
 */
export async function tariffSubject(db: Db, userId: number, reach: Reach) {
  const user = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      docUploadNotMandatory: users.docUploadNotMandatory,
      currency: companies.currency,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(users.id, userId),
        eq(users.status, 'active'),
        'userId' in reach ? eq(users.id, reach.userId) : inCompanies(users.companyId, reach.companies),
      ),
    )
    .get();
  if (!user) return undefined;
  const [settings, services] = await Promise.all([
    db.select().from(homeReimbursementSettings).where(eq(homeReimbursementSettings.companyId, user.companyId)).get(),
    serviceSettingsOf(db, user.companyId),
  ]);
  return { ...user, settings: settings ?? null, services };
}

/** Active users of the companies in scope, by name or e-mail, 100 at most (the new-tariff form's choice). */
export function scopeEmployees(db: Db, scope: readonly number[], search: string | undefined) {
  const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        inCompanies(users.companyId, scope),
        eq(users.status, 'active'),
        search ? or(contains(sql`${users.email}`, search), contains(fullName, search)) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email))
    .limit(100);
}

/** A live power contract of the employee that is approved or not reviewed yet (never an invalidated one). */
export function usableContract(db: Db, userId: number, documentId: number) {
  return db
    .select({ id: reimbursementDocuments.id })
    .from(reimbursementDocuments)
    .where(
      and(
        eq(reimbursementDocuments.id, documentId),
        eq(reimbursementDocuments.userId, userId),
        eq(reimbursementDocuments.type, 'power_contract'),
        isNull(reimbursementDocuments.deletedAt),
        or(isNull(reimbursementDocuments.approved), eq(reimbursementDocuments.approved, true)),
      ),
    )
    .get();
}
