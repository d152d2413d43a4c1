/**
 * @module The wallet benchmark's worker (bench only; never part of the product build): runs the
 * ledger store's own functions (drizzle/queries/wallet-ledger.store.ts) inside workerd over a direct
 * D1 binding, as the API and the ocpp worker run them, next to bare statements doing the least of the
 * same work, so each product row and its baseline take one path: HTTP on loopback, this worker, D1
 * (ADR 038). `POST /run` `{ op, items }` runs the items one after another and answers the elapsed
 * time by workerd's clock (which advances on I/O) with a checksum of what was read or written.
 * `POST /rows-read` `{ op, item }` replays the statements of one call to answer D1's rows read.
 */
import { drizzle } from 'drizzle-orm/d1';
import { openDb, schema } from '../drizzle/db';
import { appendEntry, appendEntryStatement, balanceOf, balancesOf } from '../drizzle/queries/wallet-ledger.store';

interface BenchEnv {
  DB: D1Database;
}

/** A debit: wallet id, amount (negative), reference. */
type Debit = [number, number, string];

export type Op =
  | 'append'
  | 'append-statement'
  | 'bare-insert'
  | 'balance-of'
  | 'pk-read'
  | 'balances-of'
  | 'latest-per-wallet-50'
  | 'pk-read-50';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** One item of `op`; answers a number folded into the checksum (a balance, or 1 per row written). */
async function one(env: BenchEnv, op: Op, item: unknown): Promise<number> {
  const db = openDb(env.DB);
  switch (op) {
    case 'append': {
      const [walletId, amount, reference] = item as Debit;
      const r = await appendEntry(db, { walletId, kind: 'session_debit', amount, reference });
      return r.balance;
    }
    case 'append-statement': {
      const [walletId, amount, reference] = item as Debit;
      const r = await appendEntryStatement(db, { walletId, kind: 'session_debit', amount, reference });
      return r.meta.changes;
    }
    case 'bare-insert': {
      // The same row, its balance given rather than computed, into a table without the unique reference.
      const [walletId, amount, reference] = item as Debit;
      const r = await env.DB.prepare(
        "INSERT INTO bench_wallet_entries (wallet_id, kind, amount, balance_after, reference) VALUES (?1, 'session_debit', ?2, ?3, ?4)",
      )
        .bind(walletId, amount, amount, reference)
        .run();
      return r.meta.changes;
    }
    case 'balance-of':
      return balanceOf(db, item as number);
    case 'pk-read': {
      const row = await env.DB.prepare('SELECT balance_after FROM wallet_entries WHERE id = ?1')
        .bind(item as number)
        .first<{ balance_after: number }>();
      return row?.balance_after ?? 0;
    }
    case 'balances-of': {
      const balances = await balancesOf(db, item as number[]);
      return [...balances.values()].reduce((s, b) => s + b, 0);
    }
    case 'latest-per-wallet-50': {
      const { results } = await latestPerWallet(env, item as number[]).all<{ balance: number }>();
      return results.reduce((s, r) => s + r.balance, 0);
    }
    case 'pk-read-50': {
      const ids = item as number[];
      const { results } = await env.DB.prepare(
        `SELECT id, balance_after FROM wallet_entries WHERE id IN (${ids.map((_, i) => `?${i + 1}`).join(', ')})`,
      )
        .bind(...ids)
        .all<{ balance_after: number }>();
      return results.reduce((s, r) => s + r.balance_after, 0);
    }
  }
}

/**
 * Not the store's: a candidate for `balancesOf` measured beside it, one indexed newest-entry lookup per
 * wallet (the ids as one JSON parameter, so a page of any size stays under D1's 100 bound parameters).
 */
const latestPerWallet = (env: BenchEnv, ids: number[]) =>
  env.DB.prepare(
    `SELECT j.value AS wallet_id, ifnull((SELECT balance_after FROM wallet_entries e WHERE e.wallet_id = j.value
       ORDER BY e.id DESC LIMIT 1), 0) AS balance FROM json_each(?1) j`,
  ).bind(JSON.stringify(ids));

/** The statements one store call sends (drizzle's logger), replayed one by one for D1's rows read. */
async function rowsRead(env: BenchEnv, op: Op, item: unknown): Promise<{ statements: number; rowsRead: number }> {
  const sent: [string, unknown[]][] = [];
  const logged = drizzle(env.DB, { schema, logger: { logQuery: (q, p) => sent.push([q, p]) } });
  if (op === 'latest-per-wallet-50')
    return { statements: 1, rowsRead: (await latestPerWallet(env, item as number[]).all()).meta.rows_read ?? 0 };
  if (op === 'balance-of') await balanceOf(logged, item as number);
  else if (op === 'balances-of') await balancesOf(logged, item as number[]);
  else throw new Error(`rows read: ${op} is not a read`);
  let total = 0;
  for (const [q, p] of sent)
    total +=
      (
        await env.DB.prepare(q)
          .bind(...p)
          .all()
      ).meta.rows_read ?? 0;
  return { statements: sent.length, rowsRead: total };
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (request.method !== 'POST') return new Response('Not found', { status: 404 });
    if (url.pathname === '/run') {
      const { op, items } = await request.json<{ op: Op; items: unknown[] }>();
      let checksum = 0;
      const t0 = performance.now();
      for (const item of items) checksum += await one(env, op, item);
      return json({ ms: performance.now() - t0, checksum });
    }
    if (url.pathname === '/rows-read') {
      const { op, item } = await request.json<{ op: Op; item: unknown }>();
      return json(await rowsRead(env, op, item));
    }
    return new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<BenchEnv>;
