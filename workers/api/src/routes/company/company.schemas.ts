/** @module Shapes of a fleet company's own invoices (spec 001 7.5: company/evfleet/invoices). */
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

export const ListQuery = z.object(pageQueryFields(25));

export const ReportParams = z.object({
  reportId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'reportId', in: 'path' }, example: 12 }),
});

export const FleetInvoiceSchema = z
  .object({
    id: z.number(),
    period: z.string().nullable(),
    number: z.string().nullable(),
    status: z.string(),
    currency: z.string(),
    /** Minor units. */
    total: z.number(),
    amount_due: z.number(),
    amount_paid: z.number(),
    lines: z.number(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    hosted_invoice_url: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('FleetInvoice');

export const FleetInvoicePage = pageOf(FleetInvoiceSchema).openapi('FleetInvoicePage');

export interface FleetInvoiceRow {
  id: number;
  period: string | null;
  number: string | null;
  status: string;
  currency: string;
  total: number;
  amountDue: number;
  amountPaid: number;
  lines: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedInvoiceUrl: string | null;
  createdAt: Date;
}

export function toFleetInvoice(r: FleetInvoiceRow): z.infer<typeof FleetInvoiceSchema> {
  return {
    id: r.id,
    period: r.period,
    number: r.number,
    status: r.status,
    currency: r.currency,
    total: r.total,
    amount_due: r.amountDue,
    amount_paid: r.amountPaid,
    lines: r.lines,
    period_start: r.periodStart?.toISOString() ?? null,
    period_end: r.periodEnd?.toISOString() ?? null,
    hosted_invoice_url: r.hostedInvoiceUrl,
    created_at: r.createdAt.toISOString(),
  };
}
