/** @module Wallet reads and writes: the only file of the resource that touches `wallets`, always within the caller's scope. */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { balancesOf } from '@db/queries/wallet-ledger.store';
import { companies, users, wallets } from '@db/schema';
import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../lib/audit.store';
import { auditInsert } from '../../lib/audit.store';

export type Wallet = typeof wallets.$inferSelect;

const walletWithOwner = {
  wallet: wallets,
  companyName: companies.name,
  // A non-null column first: drizzle nulls a left-joined object when its first column is null.
  user: { email: users.email, firstName: users.firstName, lastName: users.lastName },
};

/** A live wallet of the scope with its owner's names; undefined for a deleted one or another company's. */
export function scopedWallet(db: Db, scope: readonly number[], walletId: number) {
  return db
    .select(walletWithOwner)
    .from(wallets)
    .innerJoin(companies, eq(companies.id, wallets.companyId))
    .leftJoin(users, eq(users.id, wallets.userId))
    .where(and(eq(wallets.id, walletId), isNull(wallets.deletedAt), inCompanies(wallets.companyId, scope)))
    .get();
}

/** The live wallet of an owner (a company's own when `userId` is null), within the scope. */
export function ownerWallet(db: Db, scope: readonly number[], owner: { companyId?: number; userId: number | null }) {
  return db
    .select(walletWithOwner)
    .from(wallets)
    .innerJoin(companies, eq(companies.id, wallets.companyId))
    .leftJoin(users, eq(users.id, wallets.userId))
    .where(
      and(
        isNull(wallets.deletedAt),
        inCompanies(wallets.companyId, scope),
        owner.companyId === undefined ? undefined : eq(wallets.companyId, owner.companyId),
        owner.userId === null ? isNull(wallets.userId) : eq(wallets.userId, owner.userId),
      ),
    )
    .get();
}

export interface ListFilters {
  /** Companies the list is limited to, already within the scope. */
  companies: readonly number[];
  userId?: number;
  keyword?: string;
  page: number;
  itemsPerPage: number;
}

const contains = (column: SQL | typeof users.email, keyword: string) =>
  sql`instr(lower(coalesce(${column}, '')), ${keyword.toLowerCase()}) > 0`;

/** A page of live wallets, company wallets first within each company, with their balances. */
export async function listWallets(db: Db, f: ListFilters) {
  const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  const where = and(
    isNull(wallets.deletedAt),
    inCompanies(wallets.companyId, f.companies),
    f.userId === undefined ? undefined : eq(wallets.userId, f.userId),
    f.keyword
      ? or(contains(sql`${wallets.name}`, f.keyword), contains(users.email, f.keyword), contains(fullName, f.keyword))
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select(walletWithOwner)
      .from(wallets)
      .innerJoin(companies, eq(companies.id, wallets.companyId))
      .leftJoin(users, eq(users.id, wallets.userId))
      .where(where)
      .orderBy(asc(companies.name), sql`${wallets.userId} IS NOT NULL`, asc(users.email), desc(wallets.id))
      .limit(f.itemsPerPage)
      .offset(f.page * f.itemsPerPage),
    db
      .select({ n: count() })
      .from(wallets)
      .innerJoin(companies, eq(companies.id, wallets.companyId))
      .leftJoin(users, eq(users.id, wallets.userId))
      .where(where)
      .get(),
  ]);
  const balances = await balancesOf(
    db,
    rows.map((r) => r.wallet.id),
  );
  return { rows, balances, total: total?.n ?? 0 };
}

/** A company of the scope (its currency is a new wallet's default); undefined outside it. */
export function scopedCompany(db: Db, scope: readonly number[], companyId: number) {
  return db
    .select({ id: companies.id, name: companies.name, currency: companies.currency })
    .from(companies)
    .where(and(eq(companies.id, companyId), inCompanies(companies.id, scope)))
    .get();
}

/** An active user of exactly this company: the only kind a user wallet is created for. */
export function activeUserOf(db: Db, companyId: number, userId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.status, 'active')))
    .get();
}

/** The create form's user picker: active users of one company by e-mail or name, 20 at most. */
export function searchCompanyUsers(db: Db, companyId: number, keyword: string | undefined) {
  const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.status, 'active'),
        keyword ? or(contains(users.email, keyword), contains(fullName, keyword)) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(20);
}

/** Inserts a wallet and its audit row; the `wallets_owner_uq` index decides a second one (it throws UNIQUE). */
export async function insertWallet(db: Db, values: typeof wallets.$inferInsert, audit: Omit<AuditEntry, 'entityId'>) {
  const [row] = await db.insert(wallets).values(values).returning();
  if (!row) throw new Error('wallet insert returned nothing');
  await auditInsert(db, { ...audit, entityId: row.id });
  return row;
}

export async function updateWallet(db: Db, walletId: number, changes: Partial<Wallet>, audit: AuditEntry) {
  const [[row]] = await db.batch([
    db
      .update(wallets)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(wallets.id, walletId), isNull(wallets.deletedAt)))
      .returning(),
    auditInsert(db, audit),
  ]);
  return row;
}

/**
 * Soft-deletes the wallet only while its balance is 0, in the same statement that reads the balance:
 * a top-up or a debit landing between the check and the delete cannot be lost. Undefined when refused.
 */
export async function deleteEmptyWallet(db: Db, walletId: number, audit: AuditEntry) {
  const balance = sql`ifnull((SELECT balance_after FROM wallet_entries WHERE wallet_id = ${walletId} ORDER BY id DESC LIMIT 1), 0)`;
  const [row] = await db
    .update(wallets)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(wallets.id, walletId), isNull(wallets.deletedAt), sql`${balance} = 0`))
    .returning();
  if (row) await auditInsert(db, audit);
  return row;
}
