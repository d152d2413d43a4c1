/**
 * @module The ledger's invariant (issue 18): entries of one wallet, in id order, each carry the balance
 * after them, which is the previous entry's balance plus the entry's amount (the first one's previous
 * balance is 0), and no reference occurs twice. The store computes it in the INSERT; this checks it.
 */

export interface LedgerEntry {
  id: number;
  amount: number;
  balanceAfter: number;
  reference: string;
}

export type LedgerBreak =
  | { entryId: number; kind: 'balance'; expected: number; found: number }
  | { entryId: number; kind: 'duplicate-reference'; reference: string }
  | { entryId: number; kind: 'order' };

export interface LedgerCheck {
  ok: boolean;
  /** The balance the chain ends on (the last entry's running total; 0 for no entries). */
  balance: number;
  /** The sum of every amount: equals `balance` when the chain is whole. */
  sum: number;
  breaks: LedgerBreak[];
}

/** Checks one wallet's entries (any order given; they are sorted by id). */
export function verifyLedger(entries: readonly LedgerEntry[]): LedgerCheck {
  const sorted = [...entries].sort((a, b) => a.id - b.id);
  const breaks: LedgerBreak[] = [];
  const seen = new Set<string>();
  let previous = 0;
  let sum = 0;
  let lastId = Number.NEGATIVE_INFINITY;
  for (const e of sorted) {
    if (e.id === lastId) breaks.push({ entryId: e.id, kind: 'order' });
    lastId = e.id;
    if (seen.has(e.reference)) breaks.push({ entryId: e.id, kind: 'duplicate-reference', reference: e.reference });
    seen.add(e.reference);
    const expected = previous + e.amount;
    if (e.balanceAfter !== expected) breaks.push({ entryId: e.id, kind: 'balance', expected, found: e.balanceAfter });
    previous = e.balanceAfter;
    sum += e.amount;
  }
  return { ok: breaks.length === 0 && previous === sum, balance: previous, sum, breaks };
}
