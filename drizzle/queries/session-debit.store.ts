/**
 * @module The prepaid wallet side of pricing at close (issue 18 part 3): gathers the wallets that may
 * pay a session (the driver's own, their company's, and for a re-price the session's entries so far),
 * the statements pricing adds to its write batch, and the report of a balance overdrawn by the close.
 * Decisions are in domain/wallets (payer.ts, session-debit.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PayerWallet } from '../../domain/wallets/payer';
import { overshootNote, type WalletEntryPlan } from '../../domain/wallets/session-debit';
import type { Db } from '../db';
import { chargingSessions, customerServiceLogs, walletEntries } from '../schema';
import { appendEntryStatement } from './wallet-ledger.store';
import { maybeQueueAutoRecharge } from './wallet-top-ups.store';

export const WALLET_OVERDRAWN_ACTION = 'PrepaidBalanceOverdrawn';

export interface SessionWallets {
  own: PayerWallet | null;
  company: PayerWallet | null;
  /** A re-price: the session's entries so far (any wallet), oldest first. */
  previous: { walletId: number; amount: number }[];
}

const NONE: SessionWallets = { own: null, company: null, previous: [] };

/**
 * The wallets that may pay the session, in ONE statement sent beside pricing's own reads: the
 * driver's own wallet (wallets_user_idx) and their company's (wallets_owner_uq); a driver without
 * either costs one indexed probe per wallet kind. Ad-hoc sessions are never asked (payer.ts).
 */
export async function sessionWallets(
  db: Db,
  s: { id: number; userId: number | null },
  force: boolean,
): Promise<SessionWallets> {
  if (s.userId === null) return NONE;
  const [found, previous] = await Promise.all([
    // Two index searches (wallets_user_idx, wallets_owner_uq); a join with an OR scanned every wallet.
    db.all<{ id: number; user_id: number | null; currency: string }>(sql`
      SELECT w.id, w.user_id, w.currency FROM wallets w
      WHERE w.id IN (
        (SELECT id FROM wallets WHERE user_id = ${s.userId} AND deleted_at IS NULL),
        (SELECT x.id FROM wallets x WHERE x.company_id = (SELECT company_id FROM users WHERE id = ${s.userId})
          AND ifnull(x.user_id, 0) = 0 AND x.deleted_at IS NULL))`),
    force
      ? db
          .select({ walletId: walletEntries.walletId, amount: walletEntries.amount })
          .from(walletEntries)
          .where(eq(walletEntries.sessionId, s.id))
          .orderBy(asc(walletEntries.id))
      : Promise.resolve([]),
  ]);
  const wallet = (r: (typeof found)[number]): PayerWallet => ({ id: r.id, userId: r.user_id, currency: r.currency });
  const own = found.find((r) => r.user_id === s.userId);
  const company = found.find((r) => r.user_id === null);
  return { own: own ? wallet(own) : null, company: company ? wallet(company) : null, previous };
}

/** The entry's append and a read of its balance after, to run at the end of pricing's batch. */
export function debitStatements(db: Db, plan: WalletEntryPlan) {
  return [
    appendEntryStatement(db, plan),
    db
      .select({ balanceAfter: walletEntries.balanceAfter })
      .from(walletEntries)
      .where(and(eq(walletEntries.walletId, plan.walletId), eq(walletEntries.reference, plan.reference)))
      .limit(1),
  ] as const;
}

/**
 * A debit that took the balance below zero (the last meter interval before the stop at zero, and
 * the charger's reaction): a customer-service log row and the session's pricing note name the amount.
 */
export async function reportOverdrawn(
  db: Db,
  s: { id: number; companyId: number; stationId: number; userId: number | null },
  plan: WalletEntryPlan,
  balanceAfter: number,
  currency: string,
): Promise<void> {
  const note = overshootNote(balanceAfter, currency);
  if (!note) return;
  await db.batch([
    db.insert(customerServiceLogs).values({
      companyId: s.companyId,
      stationId: s.stationId,
      userId: s.userId,
      action: WALLET_OVERDRAWN_ACTION,
      detailJson: JSON.stringify({
        sessionId: s.id,
        walletId: plan.walletId,
        reference: plan.reference,
        amount: plan.amount,
        balanceAfter,
        currency,
        reason: note,
      }),
      result: 'success',
    }),
    db
      .update(chargingSessions)
      .set({
        pricingNote: sql`CASE WHEN ${chargingSessions.pricingNote} IS NULL THEN ${note}
          ELSE ${chargingSessions.pricingNote} || '; ' || ${note} END`,
      })
      .where(eq(chargingSessions.id, s.id)),
  ]);
}

/**
 * After pricing at close wrote a wallet entry: an overdrawn balance is reported, and a debit that left
 * the wallet below its threshold queues one auto top-up (the scheduled job charges it).
 */
export async function afterDebit(
  db: Db,
  s: { id: number; companyId: number; stationId: number; userId: number | null },
  plan: WalletEntryPlan,
  balanceAfter: number,
  currency: string,
) {
  if (balanceAfter < 0) await reportOverdrawn(db, s, plan, balanceAfter, currency);
  if (plan.amount < 0) await maybeQueueAutoRecharge(db, plan.walletId);
}
