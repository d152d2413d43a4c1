/** @module Shapes of the operator invoice board API (/cpo-invoices, issue 17 part 8): snake_case, money in minor units. */

import type { cpoInvoiceEvents, cpoInvoices } from '@db/schema';
import {
  CPO_INVOICE_CHECKS,
  CPO_INVOICE_STATUSES,
  type CpoInvoiceFigures,
  nextStatuses,
} from '@domain/billing/cpo-invoice';
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

const month = z
  .string({ error: 'cpoInvoiceMonthInvalid' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'cpoInvoiceMonthInvalid' })
  .openapi({ example: '2026-10' });
const date = z.iso.date({ error: 'cpoInvoiceDateInvalid' }).openapi({ example: '2026-11-03' });
const operatorId = z.coerce.number().int().positive();

export const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 3 }),
});

export const ListQuery = z.object({
  /** Part of the row's name or of the operator's name. */
  keyword: z.string().trim().max(100).optional(),
  operator_id: operatorId.optional(),
  month: month.optional(),
  status: z.enum(CPO_INVOICE_STATUSES).optional(),
  ...pageQueryFields(25),
});

export const PreviewQuery = z.object({ operator_id: operatorId, month });

export const CreateBody = z.strictObject({
  operator_id: z.number().int().positive(),
  month,
  /** Defaults to today. */
  invoice_date: date.optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
});

const Checks = z.object(
  Object.fromEntries(CPO_INVOICE_CHECKS.map((c) => [c, z.boolean()])) as Record<
    (typeof CPO_INVOICE_CHECKS)[number],
    z.ZodBoolean
  >,
);

export const UpdateBody = z.strictObject({
  status: z.enum(CPO_INVOICE_STATUSES).optional(),
  checks: z.strictObject(Checks.partial().shape).optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
  invoice_date: date.optional(),
});

export const OperatorRef = z.object({ id: z.number(), name: z.string() }).openapi('CpoInvoiceOperator');
export const OperatorOption = OperatorRef.extend({ currency: z.string(), time_zone: z.string() }).openapi(
  'CpoInvoiceOperatorOption',
);

export const FiguresSchema = z
  .object({
    currency: z.string(),
    sessions: z.number().int(),
    energy_wh: z.number().int(),
    /** Sub-operator perspective, energy part (minor units). */
    energy_amount: z.number().int(),
    /** Sub-operator perspective, total (minor units). */
    sub_operator_total: z.number().int(),
    /** Owner perspective, total (minor units). */
    owner_total: z.number().int(),
    unpriced_sessions: z.number().int(),
  })
  .openapi('CpoInvoiceFigures');

export const PreviewSchema = z
  .object({ operator: OperatorRef, month: z.string(), name: z.string(), figures: FiguresSchema })
  .openapi('CpoInvoicePreview');

const TimelineEntry = z
  .object({
    id: z.number(),
    kind: z.string(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    actor: z.object({ id: z.number(), email: z.string().nullable() }).nullable(),
    at: z.string(),
  })
  .openapi('CpoInvoiceEvent');

export const CpoInvoiceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    operator: OperatorRef,
    month: z.string(),
    ...FiguresSchema.shape,
    invoice_date: z.string(),
    status: z.enum(CPO_INVOICE_STATUSES),
    /** Where the status may go from here. */
    next_statuses: z.array(z.enum(CPO_INVOICE_STATUSES)),
    checks: Checks,
    notes: z.string().nullable(),
    computed_at: z.string(),
    created_at: z.string(),
    updated_at: z.string().nullable(),
  })
  .openapi('CpoInvoice');

export const CpoInvoiceDetail = CpoInvoiceSchema.extend({ timeline: z.array(TimelineEntry) }).openapi(
  'CpoInvoiceDetail',
);

export const CpoInvoicePage = pageOf(CpoInvoiceSchema).openapi('CpoInvoicePage');

type Row = typeof cpoInvoices.$inferSelect;

export const figuresOf = (f: CpoInvoiceFigures) => ({
  currency: f.currency,
  sessions: f.sessions,
  energy_wh: f.energyWh,
  energy_amount: f.energyAmount,
  sub_operator_total: f.subOperatorTotal,
  owner_total: f.ownerTotal,
  unpriced_sessions: f.unpricedSessions,
});

export function toCpoInvoice(row: Row, operator: { id: number; name: string }): z.infer<typeof CpoInvoiceSchema> {
  return {
    id: row.id,
    name: row.name,
    operator: { id: operator.id, name: operator.name },
    month: row.month,
    ...figuresOf(row),
    invoice_date: row.invoiceDate,
    status: row.status,
    next_statuses: [...nextStatuses(row.status)],
    checks: {
      sessions_checked: row.sessionsChecked,
      amounts_checked: row.amountsChecked,
      sent_to_operator: row.sentToOperator,
    },
    notes: row.notes,
    computed_at: row.computedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}

export function toTimelineEntry(
  e: typeof cpoInvoiceEvents.$inferSelect,
  actor: { id: number; email: string | null } | null,
): z.infer<typeof TimelineEntry> {
  return {
    id: e.id,
    kind: e.kind,
    detail: e.detailJson ? (JSON.parse(e.detailJson) as Record<string, unknown>) : null,
    actor,
    at: e.at.toISOString(),
  };
}
