/**
 * @module The operator invoice board API (issue 17 part 8): input → store (gather) → domain/billing/
 * cpo-invoice.ts (decide) → store (write). Reads first, so /cpo-invoices/operators and /preview win
 * over /cpo-invoices/{id}.
 */

import {
  CPO_INVOICE_CHECKS,
  canRecompute,
  cpoInvoiceName,
  decideEdit,
  type FiguresDecision,
  invoiceFigures,
  localDate,
  monthBounds,
  monthOpen,
} from '@domain/billing/cpo-invoice';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { create, detail, list, operators, preview, recompute, update } from './cpo-invoices.routes';
import { figuresOf, toCpoInvoice, toTimelineEntry } from './cpo-invoices.schemas';
import {
  listCpoInvoices,
  monthSessionSums,
  operatorsInScope,
  rowExists,
  scopedCpoInvoice,
  scopedOperator,
  timelineOf,
} from './cpo-invoices.store';
import { insertCpoInvoice, recomputeCpoInvoice, updateCpoInvoice } from './cpo-invoices.write.store';

type Ctx = Context<AppEnv>;
type Operator = NonNullable<Awaited<ReturnType<typeof scopedOperator>>>;

function auditOf(c: Ctx, action: string, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return { action, actorUserId: user.id, companyId: company.id, entity: 'cpo_invoice', detail, ip: clientIp(c) };
}

const invoiceNotFound = (c: Ctx, id: number) =>
  apiError(c, 404, 'CPO_INVOICE_NOT_FOUND', 'cpoInvoiceNotFound', { params: { id } });

/** The operator named by the caller, or the refusal: outside the scope 403 on the field, not an operator 422. */
async function operatorOf(c: Ctx, id: number) {
  const found = await scopedOperator(c.get('db'), await callerScope(c), id);
  if (!found) return { error: apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'operator_id' }) } as const;
  if (!found.operates)
    return {
      error: apiError(c, 422, 'CPO_INVOICE_NOT_OPERATOR', 'cpoInvoiceNotOperator', { field: 'operator_id' }),
    } as const;
  return { operator: found } as const;
}

/** The month's figures of the operator (gather the sums, decide), or why there are none. */
async function figuresFor(c: Ctx, operator: Operator, month: string): Promise<FiguresDecision> {
  const { from, to } = monthBounds(month, operator.timeZone);
  return invoiceFigures(await monthSessionSums(c.get('db'), operator.id, from, to), operator.currency);
}

const mixedCurrencies = (c: Ctx, currencies: string[]) =>
  apiError(c, 422, 'CPO_INVOICE_MIXED_CURRENCIES', 'cpoInvoiceMixedCurrencies', {
    params: { currencies: currencies.join(', ') },
  });

const monthFuture = (c: Ctx) =>
  apiError(c, 422, 'CPO_INVOICE_MONTH_FUTURE', 'cpoInvoiceMonthFuture', { field: 'month' });

/** The row with its timeline, as every read and write answers it. */
async function detailOf(c: Ctx, id: number) {
  const db = c.get('db');
  const found = await scopedCpoInvoice(db, await callerScope(c), id);
  if (!found) return null;
  const events = await timelineOf(db, id);
  return {
    ...toCpoInvoice(found.invoice, found.operator),
    timeline: events.map((e) => toTimelineEntry(e.event, e.actor?.id ? e.actor : null)),
  };
}

const reads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const filters = c.req.valid('query');
    const { rows, total } = await listCpoInvoices(c.get('db'), await callerScope(c), filters);
    return c.json(
      {
        data: rows.map((r) => toCpoInvoice(r.invoice, r.operator)),
        total,
        page: filters.page,
        items_per_page: filters.items_per_page,
      },
      200,
    );
  })
  .openapi(operators, async (c) => {
    const rows = await operatorsInScope(c.get('db'), await callerScope(c));
    return c.json(
      { data: rows.map((r) => ({ id: r.id, name: r.name, currency: r.currency, time_zone: r.timeZone })) },
      200,
    );
  })
  .openapi(
    preview,
    async (c) => {
      const { operator_id, month } = c.req.valid('query');
      const found = await operatorOf(c, operator_id);
      if (found.error) return found.error;
      const { operator } = found;
      if (!monthOpen(month, new Date(), operator.timeZone)) return monthFuture(c);
      const decision = await figuresFor(c, operator, month);
      if (!decision.ok) return mixedCurrencies(c, decision.currencies);
      return c.json(
        {
          operator: { id: operator.id, name: operator.name },
          month,
          name: cpoInvoiceName(operator.id, month),
          figures: figuresOf(decision.figures),
        },
        200,
      );
    },
    keyedValidation,
  )
  .openapi(detail, async (c) => {
    const { id } = c.req.valid('param');
    const found = await detailOf(c, id);
    return found ? c.json(found, 200) : invoiceNotFound(c, id);
  });

const writes = new OpenAPIHono<AppEnv>()
  .openapi(
    create,
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const found = await operatorOf(c, body.operator_id);
      if (found.error) return found.error;
      const { operator } = found;
      const now = new Date();
      if (!monthOpen(body.month, now, operator.timeZone)) return monthFuture(c);
      const exists = () => apiError(c, 409, 'CPO_INVOICE_EXISTS', 'cpoInvoiceExists', { field: 'month' });
      if (await rowExists(db, operator.id, body.month)) return exists();
      const decision = await figuresFor(c, operator, body.month);
      if (!decision.ok) return mixedCurrencies(c, decision.currencies);
      const name = cpoInvoiceName(operator.id, body.month);
      try {
        const row = await insertCpoInvoice(
          db,
          {
            operatorCompanyId: operator.id,
            month: body.month,
            name,
            invoiceDate: body.invoice_date ?? localDate(now, operator.timeZone),
            notes: body.notes ?? null,
            createdBy: authOf(c).user.id,
          },
          decision.figures,
          auditOf(c, 'cpo_invoice.create', {
            operator_id: operator.id,
            month: body.month,
            name,
            ...figuresOf(decision.figures),
          }),
          now,
        );
        const created = row ? await detailOf(c, row.id) : null;
        if (!created) throw new Error('cpo invoice not readable after insert');
        return c.json(created, 201);
      } catch (err) {
        // Two creations for one operator and month at once: the unique index decides.
        if (String(err).includes('UNIQUE')) return exists();
        throw err;
      }
    },
    keyedValidation,
  )
  .openapi(
    update,
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const found = await scopedCpoInvoice(db, await callerScope(c), id);
      if (!found) return invoiceNotFound(c, id);
      const row = found.invoice;
      const current = {
        status: row.status,
        checks: {
          sessions_checked: row.sessionsChecked,
          amounts_checked: row.amountsChecked,
          sent_to_operator: row.sentToOperator,
        },
      };
      const notesChange = body.notes !== undefined && (body.notes || null) !== row.notes;
      const dateChange = body.invoice_date !== undefined && body.invoice_date !== row.invoiceDate;
      const decision = decideEdit(current, {
        ...(body.status ? { status: body.status } : {}),
        ...(body.checks ? { checks: body.checks } : {}),
        notes: notesChange,
        invoiceDate: dateChange,
      });
      if (!decision.ok) return editRefused(c, decision);
      if (decision.timeline.length > 0) {
        const written = await updateCpoInvoice(
          db,
          row,
          {
            ...decision.state,
            ...(notesChange ? { notes: body.notes || null } : {}),
            ...(dateChange && body.invoice_date ? { invoiceDate: body.invoice_date } : {}),
          },
          decision.timeline.map(({ kind, ...detail }) => ({ kind, detail })),
          authOf(c).user.id,
          auditOf(c, 'cpo_invoice.update', { before: current, changes: body }),
          new Date(),
        );
        if (!written) return apiError(c, 409, 'CPO_INVOICE_CHANGED', 'updateFailed');
      }
      const updated = await detailOf(c, id);
      return updated ? c.json(updated, 200) : invoiceNotFound(c, id);
    },
    keyedValidation,
  )
  .openapi(recompute, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const found = await scopedCpoInvoice(db, await callerScope(c), id);
    if (!found) return invoiceNotFound(c, id);
    const row = found.invoice;
    const notDraft = () => apiError(c, 409, 'CPO_INVOICE_NOT_DRAFT', 'cpoInvoiceNotDraft');
    if (!canRecompute(row.status)) return notDraft();
    const operator = await scopedOperator(db, await callerScope(c), row.operatorCompanyId);
    if (!operator) return invoiceNotFound(c, id);
    const decision = await figuresFor(c, operator, row.month);
    if (!decision.ok) return mixedCurrencies(c, decision.currencies);
    const before = figuresOf({ ...row });
    const after = figuresOf(decision.figures);
    const written = await recomputeCpoInvoice(
      db,
      row,
      decision.figures,
      { before, after },
      authOf(c).user.id,
      auditOf(c, 'cpo_invoice.recompute', { before, after }),
      new Date(),
    );
    if (!written) return notDraft();
    const updated = await detailOf(c, id);
    return updated ? c.json(updated, 200) : invoiceNotFound(c, id);
  });

/** The answer to a refused edit (409 with the reason in the caller's language). */
function editRefused(c: Ctx, decision: Exclude<ReturnType<typeof decideEdit>, { ok: true }>) {
  switch (decision.reason) {
    case 'paid-final':
      return apiError(c, 409, 'CPO_INVOICE_PAID', 'cpoInvoicePaid');
    case 'transition':
      return apiError(c, 409, 'CPO_INVOICE_TRANSITION', 'cpoInvoiceTransition', {
        field: 'status',
        params: { from: decision.from, to: decision.to },
      });
    case 'checks-missing':
      return apiError(c, 409, 'CPO_INVOICE_CHECKS_MISSING', 'cpoInvoiceChecksMissing', {
        field: `checks.${decision.missing[0] ?? CPO_INVOICE_CHECKS[0]}`,
        params: { checks: decision.missing.join(', ') },
      });
  }
}

export const cpoInvoiceRoutes = new OpenAPIHono<AppEnv>().route('/', reads).route('/', writes);
