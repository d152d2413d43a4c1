/**
 * @module What pricing at close writes to the paying wallet (issue 18 part 3). Pure; the store
 * (drizzle/queries/pricing.store.ts) appends the entry in the same D1 batch as the price.
 *
 * - The amount is the driver's price incl. VAT (`emp_price_total`, what ADR 028 calls what the driver
 *   is billed), debited as a negative `session_debit` with reference `session:{id}`: the ledger's unique
 *   (wallet, reference) index makes a retried close or a second pricing run write nothing twice.
 * - A session priced 0, or not priced (no tariff), debits nothing.
 * - A forced re-price (the operator's action) never edits the entry: when the new price differs from
 *   what the session has cost the wallet so far, it appends the difference, a `refund` when lower, a
 *   `session_debit` when higher, with reference `session:{id}:reprice:{n}` (n: the session's entries
 *   so far in this wallet). A re-price to no price refunds everything.
 */
import { formatMoney } from '../charging-authorization/currency';
import { type PayerWallet, payerOf } from './payer';

export interface SessionDebitFacts {
  sessionId: number;
  walletId: number;
  /** The driver's price incl. VAT in minor units; null when the session is not priced. */
  priceMinor: number | null;
  /** The session's entries in this wallet so far (a re-price reads them; a first pricing has none). */
  previous: readonly { amount: number }[];
}

export interface WalletEntryPlan {
  walletId: number;
  kind: 'session_debit' | 'refund';
  amount: number;
  reference: string;
  sessionId: number;
  reason: string;
}

export function sessionDebit(f: SessionDebitFacts): WalletEntryPlan | null {
  const target = -Math.max(0, f.priceMinor ?? 0);
  const sofar = f.previous.reduce((sum, e) => sum + e.amount, 0);
  if (f.previous.length === 0) {
    if (target === 0) return null;
    return {
      walletId: f.walletId,
      kind: 'session_debit',
      amount: target,
      reference: `session:${f.sessionId}`,
      sessionId: f.sessionId,
      reason: `Session ${f.sessionId}`,
    };
  }
  const diff = target - sofar;
  if (diff === 0) return null;
  return {
    walletId: f.walletId,
    kind: diff > 0 ? 'refund' : 'session_debit',
    amount: diff,
    reference: `session:${f.sessionId}:reprice:${f.previous.length}`,
    sessionId: f.sessionId,
    reason: `Session ${f.sessionId} re-priced`,
  };
}

/**
 * What the operator is told when a debit took the balance below zero: the overshoot (the price of the
 * last meter interval and the charger's reaction, ADR 020), so the case is reported (issue 18 part 3).
 */
export function overshootNote(balanceAfterMinor: number, currency: string): string | null {
  if (balanceAfterMinor >= 0) return null;
  const amount = formatMoney(-balanceAfterMinor, currency);
  return `Prepaid balance overdrawn by ${amount} at close (the last meter interval before the stop).`;
}

export interface DebitAtCloseFacts {
  session: { id: number; authId: string; userId: number | null };
  paymentType: string;
  /** The session's currency as priced. */
  currency: string;
  /** The driver's price incl. VAT; null when the session is not priced. */
  priceMinor: number | null;
  /** The driver's own and company wallets, and (a re-price) the session's entries so far in any wallet. */
  wallets: {
    own: PayerWallet | null;
    company: PayerWallet | null;
    previous: readonly { walletId: number; amount: number }[];
  };
}

/**
 * The wallet entry pricing at close writes, and a note for the session's pricing note when the wallet
 * cannot pay (another currency). A re-price corrects the wallet that paid first, whichever pays now,
 * so a session is never paid by two wallets.
 */
export function debitAtClose(f: DebitAtCloseFacts): { plan: WalletEntryPlan | null; note: string | null } {
  const { session: s, wallets: w } = f;
  const payer = payerOf({
    authId: s.authId,
    paymentType: f.paymentType,
    userId: s.userId,
    own: w.own,
    company: w.company,
    currency: f.currency,
  });
  if (payer.kind === 'currency_mismatch' && w.previous.length === 0) return { plan: null, note: payer.note };
  const walletId = w.previous[0]?.walletId ?? (payer.kind === 'wallet' ? payer.wallet.id : null);
  if (walletId === null) return { plan: null, note: null };
  const plan = sessionDebit({
    sessionId: s.id,
    walletId,
    priceMinor: f.priceMinor,
    previous: w.previous.filter((e) => e.walletId === walletId),
  });
  return { plan, note: null };
}
