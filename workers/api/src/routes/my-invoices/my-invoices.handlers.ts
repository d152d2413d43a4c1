/**
 * @module A private user's own invoices (spec 7.10): the invoices that bill their sessions with their share,
 * and one invoice with the lines of their sessions. Another user's invoice answers 404.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { detail, list } from './my-invoices.routes';
import { toMyInvoice } from './my-invoices.schemas';
import { myInvoice, myInvoicesPage, myLines } from './my-invoices.store';

const me = (c: Context<AppEnv>) => ({ userId: authOf(c).user.id, companyId: authOf(c).company.id });

export const myInvoiceRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const f = c.req.valid('json');
    const { rows, total } = await myInvoicesPage(c.get('db'), me(c), f);
    return c.json(
      {
        data: rows.map(({ inv, ...share }) => toMyInvoice(inv, share)),
        total,
        page: f.page,
        items_per_page: f.items_per_page,
      },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const db = c.get('db');
    const found = await myInvoice(db, me(c), c.req.valid('param').poiId);
    if (!found) return apiError(c, 404, 'INVOICE_NOT_FOUND', 'notFound');
    const { inv, ...share } = found;
    const lines = await myLines(db, me(c).userId, inv.id);
    return c.json(
      {
        invoice: toMyInvoice(inv, share),
        lines: lines.map(({ line }) => ({
          id: line.id,
          session_id: line.sessionId,
          description: line.description,
          quantity: line.quantity,
          amount: line.amount,
          currency: line.currency,
          energy_wh: line.energyWh,
        })),
      },
      200,
    );
  });
