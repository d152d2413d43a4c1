/**
 * @module The ledger of one wallet (issue 18: "shown and exportable", adjustments "with reason and
 * author"): its entries page by page, the whole ledger as CSV, and the manual adjustment, written once
 * per form reference (`adjustment:{uuid}`) through the ledger's own append.
 */

import { CSV_CONTENT_TYPE, csvStream } from '@domain/export/csv';
import { adjustmentProblem, adjustmentReference } from '@domain/wallets/wallet-input';
import { walletScope } from '@domain/wallets/wallet-scope';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { defineRoute, json, jsonBody } from '../../lib/route';
import { clientIp } from '../../lib/session-cookie';
import { exportMask } from '../../middleware/demo-mode';
import { authOf } from '../../middleware/permission';
import { allEntries, appendAdjustment, entriesPage, entryByReference } from './wallet.ledger.store';
import { walletNotFound } from './wallet.routes';
import { AdjustmentBody, AdjustmentResult, EntryPage, PageQuery, toEntry, WalletParams } from './wallet.schemas';
import { scopedWallet } from './wallet.store';

const tags = ['Wallets'];

export const entries = defineRoute('wallets:view', {
  method: 'get',
  path: '/wallet/{walletId}/entries',
  tags,
  summary: 'The wallet’s ledger, newest first (page is 0-based): kind, signed amount, balance after, reference, author',
  request: { params: WalletParams, query: PageQuery },
  responses: { 200: json(EntryPage), 404: walletNotFound },
});

export const entriesCsv = defineRoute('wallets:view', {
  method: 'get',
  path: '/wallet/{walletId}/entries.csv',
  tags,
  summary: 'The whole ledger as CSV, oldest first (amounts in minor units), streamed',
  request: { params: WalletParams },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, 404: walletNotFound },
});

export const adjust = defineRoute('wallets:manage', {
  method: 'post',
  path: '/wallet/{walletId}/adjustments',
  tags,
  summary:
    'A manual adjustment (signed minor units, reason of 3 to 500 characters, author the caller); written once per reference: a resubmitted form answers 200 with the entry already written',
  request: { params: WalletParams, body: jsonBody(AdjustmentBody) },
  responses: {
    201: json(AdjustmentResult, 'Written'),
    200: json(AdjustmentResult, 'Already written by this reference'),
    404: walletNotFound,
  },
});

const CSV_COLUMNS = [
  'id',
  'created_at',
  'kind',
  'amount',
  'balance_after',
  'currency',
  'reference',
  'session_id',
  'reason',
  'author',
].map((header) => ({ header }));

/** The wallet of the caller's reach, or undefined (answered 404 like a missing one). */
async function reach(c: Context<AppEnv>, walletId: number) {
  const auth = authOf(c);
  return scopedWallet(c.get('db'), walletScope(auth.access, auth.company.id, auth.scope), walletId);
}

export const walletLedgerRoutes = new OpenAPIHono<AppEnv>()
  .openapi(entries, async (c) => {
    const { walletId } = c.req.valid('param');
    const { page, itemsPerPage } = c.req.valid('query');
    if (!(await reach(c, walletId))) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletNotFound');
    const { rows, total } = await entriesPage(c.get('db'), walletId, page, itemsPerPage);
    return c.json(
      { data: rows.map((r) => toEntry(r.entry, r.author)), total, page, items_per_page: itemsPerPage },
      200,
    );
  })
  .openapi(entriesCsv, async (c) => {
    const { walletId } = c.req.valid('param');
    const found = await reach(c, walletId);
    if (!found) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletNotFound');
    const db = c.get('db');
    const currency = found.wallet.currency;
    // Demo mode (ADR 049): an author shown by e-mail gets the placeholder the JSON ledger shows.
    const shown = exportMask(c);
    async function* rows() {
      for await (const r of allEntries(db, walletId)) {
        const e = shown(toEntry(r.entry, r.author));
        yield [
          e.id,
          e.createdAt,
          e.kind,
          e.amount,
          e.balanceAfter,
          currency,
          e.reference,
          e.sessionId,
          e.reason,
          e.authorName,
        ];
      }
    }
    const stamp = new Date().toISOString().slice(0, 10);
    return new Response(csvStream(CSV_COLUMNS, rows()), {
      status: 200,
      headers: {
        'content-type': CSV_CONTENT_TYPE,
        'content-disposition': `attachment; filename="wallet-${walletId}-ledger-${stamp}.csv"`,
        'cache-control': 'no-store',
      },
    }) as never;
  })
  .openapi(
    adjust,
    async (c) => {
      const { walletId } = c.req.valid('param');
      const body = c.req.valid('json');
      const problem = adjustmentProblem(body.amount, body.reason);
      if (problem) return apiError(c, 400, 'VALIDATION_FAILED', problem.key, { field: problem.field });
      const found = await reach(c, walletId);
      if (!found) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletNotFound');
      const auth = authOf(c);
      const db = c.get('db');
      const reference = adjustmentReference(body.reference);
      const result = await appendAdjustment(
        db,
        { walletId, amount: body.amount, reason: body.reason, reference, authorId: auth.user.id },
        {
          action: 'wallet.adjust',
          actorUserId: auth.user.id,
          companyId: found.wallet.companyId,
          entity: 'wallet',
          entityId: walletId,
          detail: { amount: body.amount, reason: body.reason, reference },
          ip: clientIp(c),
        },
      );
      const written = await entryByReference(db, walletId, reference);
      if (!written) throw new Error(`adjustment ${reference} not found after its append`);
      const answer = {
        inserted: result.inserted,
        balance: result.balance,
        entry: toEntry(written.entry, written.author),
      };
      return result.inserted ? c.json(answer, 201) : c.json(answer, 200);
    },
    keyedValidation,
  );
