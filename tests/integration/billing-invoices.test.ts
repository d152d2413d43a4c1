/**
 * Invoices (issue 17 §7, spec 7.4) inside workerd against the workers project's local Stripe-compatible
 * server: the list with its status, created and customer filters and paging, the detail (totals, tax,
 * attempt count, next payment attempt), the lines read once from Stripe and kept, validate (finalize)
 * and send-invoice as idempotent POSTs (a GET changes nothing), a paid invoice not sendable, the month
 * report per company, another operator's invoice unknown (404), a caller without billing:admin (403).
 */
import { env } from 'cloudflare:test';
import { stripeClient } from '@api/lib/stripe';
import { billingCustomers, billingInvoiceLines, billingInvoices } from '@db/schema';
import { createCompany, createUser } from '@db/seed/factories';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, expectError, login, type Session, unique, type World, world } from './helpers';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const BILLING = {
  roles: [ROLE.PAYMENT_PROVIDER_ADMIN],
  company: { services: [SERVICE.PAYMENT_PROVIDER_CUSTOMER_BILLING] },
};
const NOT_FOUND = { code: 'INVOICE_NOT_FOUND', message: 'The invoice does not exist.' };

interface Invoice {
  id: number;
  number: string | null;
  company_id: number;
  status: string;
  total: number;
  total_excluding_tax: number;
  tax: number;
  attempt_count: number;
  next_payment_attempt: string | null;
  validated_at?: string | null;
  sent_at?: string | null;
  hosted_invoice_url?: string | null;
}
interface Page {
  data: Invoice[];
  total: number;
}

let operator: World;
let s: Session;
let rival: Session;
let viewer: Session;
let fleet: number;
let other: number;
let customerId: number;
let customerStripe: string;
let draft: number;
let paidLastMonth: number;
let otherOpen: number;

const as = (session: Session) => ({ cookie: session.cookie, ip: session.ip });
const send = (path: string, method = 'GET', session = s) => call(path, { ...as(session), method });
async function ok<T>(res: Response, status = 200): Promise<T> {
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status });
  return body as T;
}

const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 10));
};
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

beforeAll(async () => {
  operator = await world(BILLING);
  const rivalWorld = await world(BILLING);
  fleet = (await createCompany(db, { name: unique('Fleet'), parentCompanyId: operator.company.id, isEvfleet: true }))
    .id;
  other = (await createCompany(db, { name: unique('Other'), parentCompanyId: operator.company.id })).id;
  const customer = await stripe().customers.create({ name: 'Fleet', email: 'ap@fleet.test' });
  customerStripe = customer.id;
  const customers = await db
    .insert(billingCustomers)
    .values([
      { companyId: fleet, ownerCompanyId: operator.company.id, stripeCustomerId: customer.id, name: 'Fleet' },
      { companyId: other, ownerCompanyId: operator.company.id, name: 'Other' },
    ])
    .returning();
  customerId = customers[0]?.id ?? 0;
  // A draft at Stripe: one item of 12.00 EUR, sent for payment by transfer.
  await stripe().invoiceItems.create({
    customer: customer.id,
    amount: 1200,
    currency: 'eur',
    description: 'Keyfob fee',
  });
  const remote = await stripe().invoices.create({
    customer: customer.id,
    collection_method: 'send_invoice',
    days_until_due: 30,
    pending_invoice_items_behavior: 'include',
  });
  const base = { ownerCompanyId: operator.company.id, currency: 'EUR' };
  const [d, p, o] = await db
    .insert(billingInvoices)
    .values([
      {
        ...base,
        companyId: fleet,
        customerId,
        kind: 'one_time',
        stripeInvoiceId: remote.id,
        status: 'draft',
        subtotal: 1200,
        totalExcludingTax: 1200,
        total: 1200,
        amountDue: 1200,
        customerEmail: 'ap@fleet.test',
      },
      {
        ...base,
        companyId: fleet,
        customerId,
        kind: 'usage',
        status: 'paid',
        totalExcludingTax: 10000,
        tax: 2200,
        total: 12200,
        amountPaid: 12200,
        attemptCount: 2,
        createdAt: lastMonth(),
      },
      {
        ...base,
        companyId: other,
        customerId: customers[1]?.id ?? 0,
        kind: 'one_time',
        status: 'open',
        totalExcludingTax: 500,
        total: 500,
        attemptCount: 1,
        nextPaymentAttempt: new Date(Date.now() + 3 * 86_400_000),
        createdAt: lastMonth(),
      },
    ])
    .returning();
  draft = d?.id ?? 0;
  paidLastMonth = p?.id ?? 0;
  otherOpen = o?.id ?? 0;
  const view = await createUser(
    db,
    { companyId: operator.company.id, email: `${unique('v')}@example.test`, password: operator.password },
    { iterations: 1000 },
  );
  [s, rival, viewer] = await Promise.all([
    login(operator.email, operator.password, operator.ip),
    login(rivalWorld.email, rivalWorld.password, rivalWorld.ip),
    login(view.email, operator.password),
  ]);
});

describe('list', () => {
  it('filters by status, created month and customer, with paging', async () => {
    const all = await ok<Page>(await send('/stripe/invoices?items_per_page=100'));
    expect(all.data.map((i) => i.id).sort()).toEqual([draft, paidLastMonth, otherOpen].sort());
    expect((await ok<Page>(await send('/stripe/invoices?status=paid'))).data.map((i) => i.id)).toEqual([paidLastMonth]);
    const month = monthOf(lastMonth());
    const created = await ok<Page>(await send(`/stripe/invoices?created=${month}`));
    expect(created.data.map((i) => i.id).sort()).toEqual([paidLastMonth, otherOpen].sort());
    const from = lastMonth().toISOString().slice(0, 10);
    const range = await ok<Page>(await send(`/stripe/invoices?created_from=${from}&created_to=${from}`));
    expect(range.data.map((i) => i.id).sort()).toEqual([paidLastMonth, otherOpen].sort());
    const fleetOnly = await ok<Page>(await send(`/stripe/invoices?customer=${fleet}`));
    expect(fleetOnly.data.map((i) => i.id).sort()).toEqual([draft, paidLastMonth].sort());
    const page = await ok<Page>(await send('/stripe/invoices?items_per_page=2&page=1'));
    expect({ rows: page.data.length, total: page.total }).toEqual({ rows: 1, total: 3 });
  });

  it('shows another operator nothing, and refuses a caller without billing:admin', async () => {
    expect((await ok<Page>(await send('/stripe/invoices', 'GET', rival))).total).toBe(0);
    await expectError(await send(`/stripe/invoices/${draft}/detail`, 'GET', rival), 404, NOT_FOUND);
    await expectError(await send(`/stripe/invoices/${draft}/validate`, 'POST', rival), 404, NOT_FOUND);
    await expectError(await send('/stripe/invoices', 'GET', viewer), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
  });
});

describe('detail and lines', () => {
  it('answers the totals, tax, attempt count and next payment attempt', async () => {
    const paid = await ok<Invoice>(await send(`/stripe/invoices/${paidLastMonth}/detail`));
    expect(paid).toMatchObject({
      status: 'paid',
      total_excluding_tax: 10000,
      tax: 2200,
      total: 12200,
      attempt_count: 2,
    });
    const open = await ok<Invoice>(await send(`/stripe/invoices/${otherOpen}/detail`));
    expect(open.attempt_count).toBe(1);
    expect(open.next_payment_attempt).not.toBeNull();
  });

  it('reads the lines once from Stripe and keeps them', async () => {
    const first = await ok<{ data: { id: number; amount: number; description: string; currency: string }[] }>(
      await send(`/stripe/invoices/${draft}/lines`),
    );
    expect(first.data).toMatchObject([{ amount: 1200, description: 'Keyfob fee', currency: 'EUR' }]);
    const again = await ok<{ data: { id: number }[] }>(await send(`/stripe/invoices/${draft}/lines`));
    expect(again.data.map((l) => l.id)).toEqual(first.data.map((l) => l.id));
    const kept = await db.select().from(billingInvoiceLines).where(eq(billingInvoiceLines.invoiceId, draft));
    expect(kept).toHaveLength(1);
  });
});

describe('validate and send', () => {
  it('changes nothing on GET', async () => {
    expect((await send(`/stripe/invoices/${draft}/validate`)).status).toBe(404);
    const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, draft));
    expect(row?.status).toBe('draft');
  });

  it('finalizes a draft at Stripe once', async () => {
    const validated = await ok<Invoice>(await send(`/stripe/invoices/${draft}/validate`, 'POST'));
    expect(validated.status).toBe('open');
    expect(validated.number).not.toBeNull();
    expect(validated.validated_at).not.toBeNull();
    const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, draft));
    expect((await stripe().invoices.retrieve(row?.stripeInvoiceId ?? '')).status).toBe('open');
    expect(await ok<Invoice>(await send(`/stripe/invoices/${draft}/validate`, 'POST'))).toEqual(validated);
  });

  it('sends it once; a paid invoice cannot be sent', async () => {
    const sent = await ok<Invoice>(await send(`/stripe/invoices/${draft}/send-invoice`, 'POST'));
    expect(sent.sent_at).not.toBeNull();
    expect(await ok<Invoice>(await send(`/stripe/invoices/${draft}/send-invoice`, 'POST'))).toEqual(sent);
    await expectError(await send(`/stripe/invoices/${paidLastMonth}/send-invoice`, 'POST'), 409, {
      code: 'INVOICE_NOT_SENDABLE',
      message: 'Only an open invoice can be sent.',
    });
    expect(customerStripe).toMatch(/^cus_/);
  });
});

describe('month report', () => {
  it('sums the month per company and currency', async () => {
    const report = await ok<{ data: { company_id: number; invoices: number; total: number; tax: number }[] }>(
      await send(`/stripe/invoices/reports?month=${monthOf(lastMonth())}`),
    );
    expect(report.data.map((r) => ({ company: r.company_id, n: r.invoices, total: r.total, tax: r.tax }))).toEqual([
      { company: fleet, n: 1, total: 12200, tax: 2200 },
      { company: other, n: 1, total: 500, tax: 0 },
    ]);
  });

  it('answers the same month as a PDF with both rows and the totals per currency', async () => {
    const res = await send(`/stripe/invoices/reports/pdf?month=${monthOf(lastMonth())}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-report-${monthOf(lastMonth())}.pdf"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder('latin1').decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
