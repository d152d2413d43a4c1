/**
 * @module The wallet ledger's two primitives (issue 18, migration 0036): append an entry and read a
 * balance. An entry's `balance_after` is computed by the INSERT itself from the wallet's newest entry,
 * in one statement: D1 runs statements one at a time, so concurrent appends (a top-up webhook and a
 * session close) each see the other's result and the chain stays exact. The `(wallet_id, reference)`
 * unique index makes an append idempotent: a retried debit or a replayed webhook inserts nothing.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { type WalletEntryKind, walletEntries } from '../schema';

export interface NewWalletEntry {
  walletId: number;
  kind: WalletEntryKind;
  /** Signed minor units of the wallet's currency: a credit positive, a debit negative. */
  amount: number;
  /** Idempotency per wallet: `top-up:{id}`, `session:{id}`, `refund:{id}:{n}`, `adjustment:{uuid}`. */
  reference: string;
  sessionId?: number | null;
  topUpId?: number | null;
  reason?: string | null;
  authorId?: number | null;
}

/**
 * The append as one statement, to run alone or inside a caller's batch (e.g. with the session's price).
 * A drizzle INSERT … VALUES with the balance as a scalar subquery: drizzle's D1 batch cannot bind the
 * parameters of a raw `db.run(sql)` (it has no prepared statement), so that form failed inside a batch.
 */
export function appendEntryStatement(db: Db, e: NewWalletEntry) {
  if (!Number.isSafeInteger(e.amount)) throw new RangeError(`wallet entry amount must be an integer: ${e.amount}`);
  return db
    .insert(walletEntries)
    .values({
      walletId: e.walletId,
      kind: e.kind,
      amount: e.amount,
      balanceAfter: sql`ifnull((SELECT balance_after FROM wallet_entries WHERE wallet_id = ${e.walletId} ORDER BY id DESC LIMIT 1), 0) + ${e.amount}`,
      reference: e.reference,
      sessionId: e.sessionId ?? null,
      topUpId: e.topUpId ?? null,
      reason: e.reason ?? null,
      authorId: e.authorId ?? null,
    })
    .onConflictDoNothing({ target: [walletEntries.walletId, walletEntries.reference] });
}

export interface AppendResult {
  /** False when an entry with this reference already existed (nothing was written). */
  inserted: boolean;
  /** The wallet's balance after the call, in minor units. */
  balance: number;
}

export async function appendEntry(db: Db, e: NewWalletEntry): Promise<AppendResult> {
  const result = await appendEntryStatement(db, e);
  const inserted = (result.meta?.changes ?? 0) > 0;
  return { inserted, balance: await balanceOf(db, e.walletId) };
}

/** The balance: the newest entry's running total (0 for a wallet without entries). One indexed row. */
export async function balanceOf(db: Db, walletId: number): Promise<number> {
  const [row] = await db
    .select({ balance: walletEntries.balanceAfter })
    .from(walletEntries)
    .where(eq(walletEntries.walletId, walletId))
    .orderBy(desc(walletEntries.id))
    .limit(1);
  return row?.balance ?? 0;
}

/**
 * Balances of several wallets at once (a list page): for each id, its newest entry through the
 * (wallet_id, id) index, so a wallet with a long ledger costs one row like any other. The ids travel as
 * one JSON parameter (D1 binds at most 100 parameters per statement).
 */
export async function balancesOf(db: Db, walletIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(walletIds.map((id) => [id, 0]));
  if (walletIds.length === 0) return out;
  const rows = await db.all<{ walletId: number; balance: number }>(sql`
    SELECT j.value AS walletId,
      ifnull((SELECT e.balance_after FROM wallet_entries e WHERE e.wallet_id = j.value ORDER BY e.id DESC LIMIT 1), 0)
        AS balance
    FROM json_each(${JSON.stringify([...new Set(walletIds)])}) j`);
  for (const r of rows) out.set(Number(r.walletId), Number(r.balance));
  return out;
}
