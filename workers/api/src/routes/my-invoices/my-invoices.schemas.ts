/** @module Shapes of a private user's own invoices (spec 7.10: POST my-invoices, GET my-invoices/{poiId}). */
import { z } from '@hono/zod-openapi';
import { pageFields, pageOf } from '../../lib/pagination';

export const MyInvoicesBody = z
  .strictObject({
    /** Invoices created in this calendar year (UTC). */
    year: z.number().int().min(2000).max(2100).optional(),
    /** Stripe's status. */
    status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']).optional(),
    ...pageFields(20),
  })
  .openapi('MyInvoicesBody');
export type MyInvoicesFilters = z.infer<typeof MyInvoicesBody>;

export const PoiIdParam = z.object({
  poiId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'poiId', in: 'path' }, example: 3 }),
});

export const MyInvoice = z
  .object({
    id: z.number(),
    number: z.string().nullable(),
    kind: z.string(),
    /** 'YYYY-MM' of a usage invoice. */
    period: z.string().nullable(),
    status: z.string(),
    currency: z.string(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    /** The caller's sessions on the invoice and their amount (minor units, the invoice's line amounts). */
    my_sessions: z.number(),
    my_amount: z.number(),
    /**
     * True when every session on the invoice is the caller's: only then are the invoice's total and its
     * PDF (Stripe's hosted invoice and PDF) the caller's to see; otherwise they hold other users' sessions.
     */
    whole: z.boolean(),
    total: z.number().nullable(),
    invoice_pdf: z.string().nullable(),
    hosted_invoice_url: z.string().nullable(),
  })
  .openapi('MyInvoice');

export const MyInvoicePage = pageOf(MyInvoice).openapi('MyInvoicePage');

export const MyInvoiceDetail = z
  .object({
    invoice: MyInvoice,
    /** The invoice's lines of the caller's sessions. */
    lines: z.array(
      z.object({
        id: z.number(),
        session_id: z.number().nullable(),
        description: z.string(),
        quantity: z.number(),
        amount: z.number(),
        currency: z.string(),
        energy_wh: z.number().nullable(),
      }),
    ),
  })
  .openapi('MyInvoiceDetail');

type Row = {
  id: number;
  number: string | null;
  kind: string;
  period: string | null;
  status: string;
  currency: string;
  total: number;
  createdAt: Date;
  paidAt: Date | null;
  invoicePdf: string | null;
  hostedInvoiceUrl: string | null;
};

/** An invoice as the caller sees it: their share always, the whole invoice only when it is wholly theirs. */
export function toMyInvoice(
  inv: Row,
  share: { mine: number; amount: number; others: number },
): z.infer<typeof MyInvoice> {
  const whole = share.others === 0;
  return {
    id: inv.id,
    number: inv.number,
    kind: inv.kind,
    period: inv.period,
    status: inv.status,
    currency: inv.currency,
    created_at: inv.createdAt.toISOString(),
    paid_at: inv.paidAt?.toISOString() ?? null,
    my_sessions: share.mine,
    my_amount: share.amount,
    whole,
    total: whole ? inv.total : null,
    invoice_pdf: whole ? inv.invoicePdf : null,
    hosted_invoice_url: whole ? inv.hostedInvoiceUrl : null,
  };
}
