/**
 * The wallet ledger's invariants under concurrency (issue 18 part 6), property-based, on the real D1
 * inside workerd: random top-ups, session debits (retried: the same movement sent again), refunds and
 * adjustments on three wallets, all appended at once (`Promise.all` of `appendEntry`), then replayed.
 * The chain of `balance_after` must stay exact whatever the interleaving, each reference is written
 * once per wallet, a replay changes nothing, and the UPDATE trigger refuses edits.
 */
import { env } from 'cloudflare:test';
import {
  type AppendResult,
  appendEntry,
  balanceOf,
  balancesOf,
  type NewWalletEntry,
} from '@db/queries/wallet-ledger.store';
import { walletEntries, wallets } from '@db/schema';
import { createCompany, createUser } from '@db/seed/factories';
import { verifyLedger } from '@domain/wallets/ledger';
import { asc, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { db, unique } from './helpers';

const WALLETS = 3;

/** One money movement; the same movement sent twice is a retry (same wallet, reference, amount). */
type Movement = Omit<NewWalletEntry, 'walletId'> & { wallet: number };

const wallet = fc.integer({ min: 0, max: WALLETS - 1 });
// Small id ranges, so the same reference comes up again on purpose within one run.
const movement: fc.Arbitrary<Movement> = fc.oneof(
  fc.record({
    wallet,
    kind: fc.constant('top_up' as const),
    amount: fc.integer({ min: 1, max: 50_000 }),
    reference: fc.integer({ min: 1, max: 6 }).map((n) => `top-up:${n}`),
  }),
  fc.record({
    wallet,
    kind: fc.constant('session_debit' as const),
    amount: fc.integer({ min: -20_000, max: -1 }),
    reference: fc.integer({ min: 1, max: 8 }).map((n) => `session:${n}`),
  }),
  fc.record({
    wallet,
    kind: fc.constant('refund' as const),
    amount: fc.integer({ min: 1, max: 5_000 }),
    reference: fc
      .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 2 }))
      .map(([s, n]) => `refund:${s}:${n}`),
  }),
  fc.record({
    wallet,
    kind: fc.constant('adjustment' as const),
    amount: fc.integer({ min: -10_000, max: 10_000 }).filter((n) => n !== 0),
    reference: fc.uuid().map((u) => `adjustment:${u}`),
    reason: fc.constantFrom('Goodwill', 'Correction of a mispriced session'),
  }),
);

/** Distinct movements (one per wallet and reference), then the order they are sent in, retries included. */
const scenario = fc
  .uniqueArray(movement, { minLength: 1, maxLength: 14, selector: (m) => `${m.wallet}|${m.reference}` })
  .chain((movements) =>
    fc.record({
      movements: fc.constant(movements),
      sends: fc.array(fc.integer({ min: 0, max: movements.length - 1 }), { minLength: 1, maxLength: 30 }),
      edit: fc.record({
        entry: fc.nat(),
        column: fc.constantFrom('amount', 'balance_after', 'reference', 'kind', 'wallet_id'),
      }),
    }),
  );

/** A fresh company with its own wallet and two users' wallets, so every run starts from empty ledgers. */
async function freshWallets(): Promise<number[]> {
  const company = await createCompany(db, { name: unique('Wallet company') });
  const ids: number[] = [];
  for (let i = 0; i < WALLETS; i++) {
    const user =
      i === 0 ? null : await createUser(db, { companyId: company.id, email: `${unique('holder')}@example.test` });
    const [row] = await db
      .insert(wallets)
      .values({ companyId: company.id, userId: user?.id ?? null, name: `Wallet ${i}`, currency: 'EUR' })
      .returning({ id: wallets.id });
    if (!row) throw new Error('wallet insert returned nothing');
    ids.push(row.id);
  }
  return ids;
}

const entriesOf = (walletIds: number[]) =>
  db.select().from(walletEntries).where(inArray(walletEntries.walletId, walletIds)).orderBy(asc(walletEntries.id));
type Entry = Awaited<ReturnType<typeof entriesOf>>[number];

describe('wallet ledger under concurrent appends (property-based)', () => {
  it('keeps every running balance exact, writes each reference once, ignores replays and refuses edits', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ movements, sends, edit }) => {
        const ids = await freshWallets();
        const entryOf = (m: Movement): NewWalletEntry => {
          const { wallet: w, ...rest } = m;
          return { ...rest, walletId: ids[w] as number };
        };
        const sent = sends.map((i) => movements[i] as Movement);

        const results = await Promise.all(sent.map((m) => appendEntry(db, entryOf(m))));
        const entries = await entriesOf(ids);

        // Each movement sent is written exactly once, as sent, whatever the retries.
        const distinct = new Set(sends);
        expect(entries).toHaveLength(distinct.size);
        expect(results.filter((r) => r.inserted)).toHaveLength(distinct.size);
        const written = new Map(entries.map((e) => [`${e.walletId}|${e.reference}`, e]));
        for (const i of distinct) {
          const m = movements[i] as Movement;
          expect(written.get(`${ids[m.wallet]}|${m.reference}`)).toMatchObject({
            kind: m.kind,
            amount: m.amount,
            reason: m.reason ?? null,
          });
        }
        // No reference twice per wallet.
        expect(written.size).toBe(entries.length);

        // The chain per wallet (domain/wallets/ledger.ts), and the newest balance_after = the sum of the
        // wallet's amounts = what the reads say.
        const checks = ids.map((id) => verifyLedger(entries.filter((e) => e.walletId === id)));
        expect(checks.flatMap((c) => c.breaks)).toEqual([]);
        expect(checks.every((c) => c.ok)).toBe(true);
        const sums = checks.map((c) => c.sum);
        expect(checks.map((c) => c.balance)).toEqual(sums);
        expect(await Promise.all(ids.map((id) => balanceOf(db, id)))).toEqual(sums);
        expect([...(await balancesOf(db, ids)).entries()]).toEqual(ids.map((id, i) => [id, sums[i]]));

        // An append answers a balance read after its own entry: one of its wallet's balances from there on.
        sent.forEach((m, k) => {
          const r = results[k] as AppendResult;
          if (!r.inserted) return;
          const own = written.get(`${ids[m.wallet]}|${m.reference}`) as Entry;
          const later = entries.filter((e) => e.walletId === own.walletId && e.id >= own.id).map((e) => e.balanceAfter);
          expect(later).toContain(r.balance);
        });

        // Every movement replayed at once: nothing inserted, nothing changed, the final balance answered.
        const replays = await Promise.all(sent.map((m) => appendEntry(db, entryOf(m))));
        expect(replays.every((r) => !r.inserted)).toBe(true);
        expect(replays.map((r) => r.balance)).toEqual(sent.map((m) => sums[m.wallet]));
        expect(await entriesOf(ids)).toEqual(entries);

        // The UPDATE trigger refuses to edit what an entry says; the ledger is unchanged.
        const target = entries[edit.entry % entries.length] as Entry;
        const other = ids.find((id) => id !== target.walletId) as number;
        const value = { amount: 1, balance_after: 1, reference: 'edited', kind: 'adjustment', wallet_id: other }[
          edit.column
        ];
        await expect(
          env.DB.prepare(`UPDATE wallet_entries SET ${edit.column} = ?1 WHERE id = ?2`).bind(value, target.id).run(),
        ).rejects.toThrow('wallet entries are append-only');
        expect(await entriesOf(ids)).toEqual(entries);
      }),
      { numRuns: 15 },
    );
  });

  it('a wallet without entries reads 0, alone and in a page', async () => {
    const ids = await freshWallets();
    expect(await balanceOf(db, ids[0] as number)).toBe(0);
    expect([...(await balancesOf(db, ids)).values()]).toEqual([0, 0, 0]);
  });

  it('reads a page of more than 100 wallets (D1 binds at most 100 parameters per statement)', async () => {
    const ids = await freshWallets();
    await appendEntry(db, { walletId: ids[1] as number, kind: 'top_up', amount: 700, reference: 'top-up:wide-page' });
    const page = [...ids, ...Array.from({ length: 150 }, (_, i) => 900_000_000 + i)];
    const balances = await balancesOf(db, page);
    expect(balances.size).toBe(153);
    expect(balances.get(ids[1] as number)).toBe(700);
    expect(balances.get(900_000_149)).toBe(0);
  });
});
