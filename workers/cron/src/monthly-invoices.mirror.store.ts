/** @module The monthly invoice job's Stripe mirror statements: what an invoice needs on Stripe, and the ids stored back. */

export interface MirrorFacts {
  invoice: { id: number; currency: string; stripe_invoice_id: string | null; period: string };
  /** Every line of the invoice (the Stripe items group them), with the item id of those already mirrored. */
  lines: {
    id: number;
    kind: 'session' | 'fee' | 'subscription' | 'one_time';
    amount: number;
    description: string;
    energy_wh: number | null;
    period_start: number;
    period_end: number;
    stripe_invoice_item_id: string | null;
  }[];
  stripeCustomerId: string;
  stripeAccountId: string | null;
  collectionMethod: 'charge_automatically' | 'send_invoice';
}

/** What mirroring one invoice to Stripe reads: the invoice, its lines, where it goes. */
export async function mirrorFacts(d1: D1Database, invoiceId: number): Promise<MirrorFacts | null> {
  const [head, lines] = await d1.batch([
    d1
      .prepare(
        `SELECT i.id, i.currency, i.stripe_invoice_id, i.period, bc.stripe_customer_id, ba.stripe_account_id,
           coalesce(ba.collection_method, 'charge_automatically') AS collection_method
         FROM billing_invoices i JOIN billing_customers bc ON bc.id = i.customer_id
         LEFT JOIN billing_accounts ba ON ba.company_id = i.owner_company_id
         WHERE i.id = ?1`,
      )
      .bind(invoiceId),
    d1
      .prepare(
        `SELECT id, kind, amount, description, energy_wh, period_start, period_end, stripe_invoice_item_id
         FROM billing_invoice_lines WHERE invoice_id = ?1 ORDER BY id`,
      )
      .bind(invoiceId),
  ]);
  const h = head?.results[0] as
    | (MirrorFacts['invoice'] & {
        stripe_customer_id: string | null;
        stripe_account_id: string | null;
        collection_method: MirrorFacts['collectionMethod'];
      })
    | undefined;
  if (!h?.stripe_customer_id) return null;
  return {
    invoice: { id: h.id, currency: h.currency, stripe_invoice_id: h.stripe_invoice_id, period: h.period },
    lines: (lines?.results ?? []) as MirrorFacts['lines'],
    stripeCustomerId: h.stripe_customer_id,
    stripeAccountId: h.stripe_account_id,
    collectionMethod: h.collection_method,
  };
}

export function setStripeInvoice(d1: D1Database, invoiceId: number, stripeId: string, status: string, now: number) {
  return d1
    .prepare('UPDATE billing_invoices SET stripe_invoice_id = ?1, status = ?2, updated_at = ?3 WHERE id = ?4')
    .bind(stripeId, status, now, invoiceId)
    .run();
}

/** Stores the Stripe item of each group just mirrored on all its lines (one batch). */
export async function setLineItems(d1: D1Database, items: { lineIds: number[]; itemId: string }[]) {
  if (items.length === 0) return;
  await d1.batch(
    items.map((i) =>
      d1
        .prepare(
          'UPDATE billing_invoice_lines SET stripe_invoice_item_id = ?1 WHERE id IN (SELECT value FROM json_each(?2))',
        )
        .bind(i.itemId, JSON.stringify(i.lineIds)),
    ),
  );
}

/** Usage invoices of the period not yet wholly on Stripe (no invoice id, or a line without an item id). */
export async function unsyncedInvoices(d1: D1Database, period: string, limit: number) {
  const { results } = await d1
    .prepare(
      `SELECT i.id FROM billing_invoices i WHERE i.kind = 'usage' AND i.period = ?1 AND (i.stripe_invoice_id IS NULL
         OR EXISTS (SELECT 1 FROM billing_invoice_lines l WHERE l.invoice_id = i.id AND l.stripe_invoice_item_id IS NULL))
       ORDER BY i.id LIMIT ?2`,
    )
    .bind(period, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}
