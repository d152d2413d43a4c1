/** @module The ledger reads and the manual adjustment of the wallets API: entries of one wallet the caller already reached in scope. */

import type { Db } from '@db/db';
import { appendEntry } from '@db/queries/wallet-ledger.store';
import { users, walletEntries } from '@db/schema';
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { AuditEntry } from '../../lib/audit.store';
import { auditInsert } from '../../lib/audit.store';

const entryWithAuthor = {
  entry: walletEntries,
  // A non-null column first: drizzle nulls a left-joined object when its first column is null.
  author: { email: users.email, firstName: users.firstName, lastName: users.lastName },
};

/** A page of the wallet's entries, newest first, with each author's name. */
export async function entriesPage(db: Db, walletId: number, page: number, size: number) {
  const [rows, total] = await Promise.all([
    db
      .select(entryWithAuthor)
      .from(walletEntries)
      .leftJoin(users, eq(users.id, walletEntries.authorId))
      .where(eq(walletEntries.walletId, walletId))
      .orderBy(desc(walletEntries.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.walletId, walletId)).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The whole ledger oldest first, read in keyset chunks so an export of any length holds one chunk in memory. */
export async function* allEntries(db: Db, walletId: number, chunk = 500) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(entryWithAuthor)
      .from(walletEntries)
      .leftJoin(users, eq(users.id, walletEntries.authorId))
      .where(and(eq(walletEntries.walletId, walletId), gt(walletEntries.id, after)))
      .orderBy(asc(walletEntries.id))
      .limit(chunk);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < chunk) return;
    after = last.entry.id;
  }
}

/** The entry a reference wrote, with its author. */
export function entryByReference(db: Db, walletId: number, reference: string) {
  return db
    .select(entryWithAuthor)
    .from(walletEntries)
    .leftJoin(users, eq(users.id, walletEntries.authorId))
    .where(and(eq(walletEntries.walletId, walletId), eq(walletEntries.reference, reference)))
    .get();
}

/** Appends a manual adjustment once per reference; the audit row only when it was written. */
export async function appendAdjustment(
  db: Db,
  e: { walletId: number; amount: number; reference: string; reason: string; authorId: number },
  audit: AuditEntry,
) {
  const result = await appendEntry(db, { ...e, kind: 'adjustment' });
  if (result.inserted) await auditInsert(db, audit);
  return result;
}
