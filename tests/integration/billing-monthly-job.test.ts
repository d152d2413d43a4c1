/**
 * The monthly usage invoice job (issue 17 parts 7, 10 and 13's fleet download) inside workerd, with
 * the Stripe mirror running against the local Stripe-compatible server of the workers project: the
 * invoice of a fleet company with its sessions and fees, a second run billing nobody twice, a run
 * interrupted after one chunk and resumed giving the same invoices as one uninterrupted run, the
 * job-runs API and its permission, and the fleet company's own invoices with their XLSX download.
 */

import { createScheduledController, env } from 'cloudflare:test';
import { stripeClient } from '@api/lib/stripe';
import {
  billedSessions,
  billingCustomers,
  billingInvoiceLines,
  billingInvoices,
  chargingSessions,
  jobRuns,
  rfids,
} from '@db/schema';
import { createCompany, createStation, createUser } from '@db/seed/factories';
import { ROLE } from '@domain/permissions/roles';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { runScheduled } from '../../workers/cron/src';
import { billCompany, continueMonthlyRun, runMonthlyInvoices } from '../../workers/cron/src/monthly-invoices';
import { billableCompanies } from '../../workers/cron/src/monthly-invoices.store';
import { call, db, login, unique, type World, world } from './helpers';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

const FEES = { saasFee: 5_000, keyfobFee: 150, annualPlatformFee: 90_000, contractStartDate: '2025-10-01' };
let operator: { id: number };
let stationId: number;
let fleetAdmin: World;

/** A fleet company with a Stripe customer, two active cards and a driver; its id and driver. */
async function fleetCompany(name = unique('Fleet')) {
  const company = await createCompany(db, { name, isEvfleet: true, currency: 'EUR', ...FEES });
  return withCustomer(company);
}

async function withCustomer(company: { id: number; name: string }) {
  const customer = await stripe().customers.create({
    name: company.name,
    metadata: { company_id: String(company.id) },
  });
  await db.insert(billingCustomers).values({
    companyId: company.id,
    ownerCompanyId: operator.id,
    stripeCustomerId: customer.id,
    name: company.name,
  });
  const driver = await createUser(db, { companyId: company.id, email: `${unique('driver')}@example.test` });
  await db.insert(rfids).values([
    {
      companyId: company.id,
      keyHangerCode: unique('K'),
      uuid: unique('U').toUpperCase().slice(0, 20),
      userId: driver.id,
    },
    { companyId: company.id, keyHangerCode: unique('K'), uuid: unique('U').toUpperCase().slice(0, 20) },
    {
      companyId: company.id,
      keyHangerCode: unique('K'),
      uuid: unique('U').toUpperCase().slice(0, 20),
      status: 'blocked',
    },
  ]);
  return { id: company.id, driver };
}

/** One closed session of the driver, priced at `emp` minor units (EUR) unless unpriced. */
function session(driverId: number, startIso: string, emp: number | null, extra: Record<string, unknown> = {}) {
  const start = new Date(startIso);
  return {
    cdrId: unique('cdr'),
    stationId,
    connectorNumber: 1,
    companyId: operator.id,
    userId: driverId,
    authId: 'TAG',
    startKey: unique('k'),
    startAt: start,
    endAt: new Date(start.getTime() + 3_600_000),
    meterStartWh: 0,
    meterStopWh: 10_000,
    energyWh: 10_000,
    status: 'closed' as const,
    stationName: '=Depot 1+1',
    currency: 'EUR',
    pricingStatus: emp === null ? ('unpriced' as const) : ('priced' as const),
    empTotal: emp,
    ...extra,
  };
}

/** Sessions of one month: three billable, one needing revision, one of the next month, one unpriced. */
async function monthSessions(driverId: number, month: string) {
  const rows = await db
    .insert(chargingSessions)
    .values([
      session(driverId, `${month}-03T08:00:00Z`, 480),
      session(driverId, `${month}-12T18:30:00Z`, 1_999),
      session(driverId, `${month}-20T07:15:00Z`, 725),
      session(driverId, `${month}-21T07:15:00Z`, 999, { needsRevision: 1 }),
      session(driverId, `${month}-22T07:15:00Z`, null),
    ])
    .returning({ id: chargingSessions.id });
  return rows.map((r) => r.id);
}

const invoicesOf = (companyId: number) =>
  db.select().from(billingInvoices).where(eq(billingInvoices.companyId, companyId)).orderBy(asc(billingInvoices.id));
const linesOf = (invoiceId: number) =>
  db
    .select()
    .from(billingInvoiceLines)
    .where(eq(billingInvoiceLines.invoiceId, invoiceId))
    .orderBy(asc(billingInvoiceLines.id));

/** What an invoice is, without ids or dates: kind, amount and description of each line, and the total. */
async function shapeOf(companyId: number, period: string) {
  const invoice = (await invoicesOf(companyId)).find((i) => i.period === period);
  if (!invoice) return null;
  const lines = await linesOf(invoice.id);
  return {
    total: invoice.total,
    synced: invoice.stripeInvoiceId !== null && lines.every((l) => l.stripeInvoiceItemId !== null),
    lines: lines.map((l) => [l.kind, l.amount, l.description.replace(/\d{4}-\d{2}-\d{2}|\(\d{4}-\d{2}\)/g, '')]),
  };
}

let fleet: Awaited<ReturnType<typeof fleetCompany>>;
let octoberSessions: number[];

beforeAll(async () => {
  operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  stationId = (await createStation(db, { uid: unique('ST'), companyId: operator.id })).id;
  fleetAdmin = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES],
    company: { isEvfleet: true, currency: 'EUR', ...FEES },
  });
  fleet = await withCustomer(fleetAdmin.company);
  octoberSessions = await monthSessions(fleet.driver.id, '2026-10');
});

describe('the usage invoice of a month', () => {
  it('bills the priced sessions at their EMSP total and the fees, mirrors it to Stripe, and a second run bills nobody twice', async () => {
    const run = await runMonthlyInvoices(env, '2026-10');
    expect(run).toMatchObject({ status: 'done', period: '2026-10', error: null });
    const [invoice, ...more] = await invoicesOf(fleet.id);
    expect(more).toEqual([]);
    if (!invoice) throw new Error('no invoice');
    const lines = await linesOf(invoice.id);
    expect(lines.map((l) => [l.kind, l.sessionId, l.quantity, l.amount])).toEqual([
      ['session', octoberSessions[0], 1, 480],
      ['session', octoberSessions[1], 1, 1_999],
      ['session', octoberSessions[2], 1, 725],
      ['fee', null, 2, 300],
      ['fee', null, 1, 5_000],
      // October is the month of the contract start: the platform annual fee.
      ['fee', null, 1, 90_000],
    ]);
    expect(lines[0]?.description).toBe('=Depot 1+1 · 2026-10-03 · 10.000 kWh');
    expect(invoice).toMatchObject({ kind: 'usage', period: '2026-10', currency: 'EUR', total: 98_504 });

    // On Stripe: one invoice, its total ours; the sessions as one item (Stripe takes at most 250
    // items per invoice), each fee as its own; every line knows the item that carries it.
    expect(invoice.stripeInvoiceId).toMatch(/^in_/);
    expect(lines.every((l) => l.stripeInvoiceItemId?.startsWith('ii_'))).toBe(true);
    const remote = await stripe().invoices.retrieve(invoice.stripeInvoiceId as string);
    expect(remote.total).toBe(98_504);
    const remoteLines = await stripe().invoices.listLineItems(remote.id, { limit: 100 });
    const sessionLines = lines.filter((l) => l.kind === 'session');
    expect(remoteLines.data).toHaveLength(1 + lines.length - sessionLines.length);
    expect(new Set(sessionLines.map((l) => l.stripeInvoiceItemId)).size).toBe(1);
    const sessionsItem = remoteLines.data.find((l) => l.description?.startsWith('Charging sessions 2026-10: 3 ('));
    expect(sessionsItem?.amount).toBe(sessionLines.reduce((t, l) => t + l.amount, 0));

    const again = await runMonthlyInvoices(env, '2026-10');
    expect(again?.id).toBe(run?.id);
    expect(await invoicesOf(fleet.id)).toHaveLength(1);
    const billed = await db.select().from(billedSessions).where(inArray(billedSessions.sessionId, octoberSessions));
    expect(billed.map((b) => b.sessionId).sort()).toEqual(octoberSessions.slice(0, 3).sort());
    // Billing the company again directly (a retried chunk) finds the invoice and creates nothing on Stripe.
    const [company] = await billableCompanies(env.DB, fleet.id - 1, 1);
    const outcome = await billCompany(env, stripe(), company as NonNullable<typeof company>, '2026-10', {});
    expect(outcome).toMatchObject({ invoiceId: invoice.id, created: false, synced: true });
    expect((await stripe().invoices.listLineItems(remote.id, { limit: 100 })).data).toHaveLength(
      remoteLines.data.length,
    );
  });

  it('bills a held-back session on the first invoice after its revision, and never the same session twice', async () => {
    const held = octoberSessions[3] as number;
    await db.update(chargingSessions).set({ needsRevision: 0 }).where(eq(chargingSessions.id, held));
    await runMonthlyInvoices(env, '2026-11');
    const november = (await invoicesOf(fleet.id)).find((i) => i.period === '2026-11');
    if (!november) throw new Error('no November invoice');
    const lines = await linesOf(november.id);
    // Fees of November (no annual fee) and the October session revised since.
    expect(lines.map((l) => [l.kind, l.sessionId, l.amount])).toEqual([
      ['session', held, 999],
      ['fee', null, 300],
      ['fee', null, 5_000],
    ]);
    const billed = await db.select().from(billedSessions).where(eq(billedSessions.sessionId, held));
    expect(billed).toEqual([{ sessionId: held, invoiceId: november.id }]);
  });
});

describe('a run interrupted half-way', () => {
  it('resumes after its last finished chunk and ends with the invoices of an uninterrupted run', async () => {
    const companies = [await fleetCompany(), await fleetCompany(), await fleetCompany()];
    for (const c of companies) {
      await monthSessions(c.driver.id, '2026-07');
      await monthSessions(c.driver.id, '2026-08');
    }
    const whole = await runMonthlyInvoices(env, '2026-07', { chunkSize: 2 });
    expect(whole?.status).toBe('done');

    const first = await runMonthlyInvoices(env, '2026-08', { chunkSize: 2, maxChunks: 1 });
    expect(first).toMatchObject({ status: 'running', processed: 2, chunks: 1 });
    // A worker that died mid-chunk had already billed the next company without saving its progress.
    const [next] = await billableCompanies(env.DB, Number(first?.cursor), 1);
    await billCompany(env, stripe(), next as NonNullable<typeof next>, '2026-08', {});
    const resumed = await continueMonthlyRun(env, '2026-08', { chunkSize: 2 });
    expect(resumed).toMatchObject({ status: 'done', processed: resumed?.total, error: null });

    for (const c of companies) {
      const july = await shapeOf(c.id, '2026-07');
      expect(july?.synced).toBe(true);
      expect(await shapeOf(c.id, '2026-08')).toEqual(july);
      expect((await invoicesOf(c.id)).filter((i) => i.period === '2026-08')).toHaveLength(1);
    }
  });

  it('is carried on by the five-minute trigger once its heartbeat went quiet', async () => {
    const c = await fleetCompany();
    await monthSessions(c.driver.id, '2026-05');
    const first = await runMonthlyInvoices(env, '2026-05', { chunkSize: 1, maxChunks: 1 });
    expect(first?.status).toBe('running');
    await db
      .update(jobRuns)
      .set({ heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(jobRuns.id, first?.id as number));
    await runScheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env);
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.id, first?.id as number));
    expect(run?.status).toBe('done');
    expect((await shapeOf(c.id, '2026-05'))?.lines).toHaveLength(5);
  });
  it('keeps an invoice unsynced while Stripe fails, and the next run mirrors it without billing twice', async () => {
    const c = await fleetCompany();
    await monthSessions(c.driver.id, '2026-02');
    // Nothing listens on port 9: every Stripe call fails as in an outage.
    const down = { ...env, STRIPE_API_BASE: 'http://127.0.0.1:9' };
    const failed = await runMonthlyInvoices(down, '2026-02');
    expect(failed).toMatchObject({ status: 'running', error: expect.stringContaining('not on Stripe yet') });
    const [before] = (await invoicesOf(c.id)).filter((i) => i.period === '2026-02');
    expect(before?.stripeInvoiceId).toBeNull();
    const linesBefore = await linesOf(before?.id as number);
    expect(linesBefore.every((l) => l.stripeInvoiceItemId === null)).toBe(true);

    const resumed = await continueMonthlyRun(env, '2026-02');
    expect(resumed).toMatchObject({ status: 'done', error: null });
    const after = (await invoicesOf(c.id)).filter((i) => i.period === '2026-02');
    expect(after.map((i) => i.id)).toEqual([before?.id]);
    expect((await shapeOf(c.id, '2026-02'))?.synced).toBe(true);
    expect((await linesOf(before?.id as number)).map((l) => l.id)).toEqual(linesBefore.map((l) => l.id));
    const remote = await stripe().invoices.listLineItems(after[0]?.stripeInvoiceId as string, { limit: 100 });
    const sessions = linesBefore.filter((l) => l.kind === 'session').length;
    expect(remote.data).toHaveLength(linesBefore.length - sessions + (sessions > 0 ? 1 : 0));
    expect(remote.data.reduce((t, l) => t + l.amount, 0)).toBe(linesBefore.reduce((t, l) => t + l.amount, 0));
  });

  it('ends a chunk early when its time budget runs out, saving the companies billed so far', async () => {
    const first = await runMonthlyInvoices(env, '2026-06', { budgetMs: 0 });
    expect(first).toMatchObject({ status: 'running', processed: 1, chunks: 1 });
    const billed = await db.select().from(billingInvoices).where(eq(billingInvoices.period, '2026-06'));
    expect(billed).toHaveLength(1);
    const rest = await continueMonthlyRun(env, '2026-06');
    expect(rest).toMatchObject({ status: 'done', processed: rest?.total });
    const all = await db.select().from(billingInvoices).where(eq(billingInvoices.period, '2026-06'));
    expect(all).toHaveLength(rest?.total as number);
  });
});

describe('the SIM monthly fee', () => {
  it('bills the fee once per station of the company reporting an ICCID', async () => {
    const company = await createCompany(db, {
      name: unique('Fleet'),
      isEvfleet: true,
      currency: 'EUR',
      monthlySimFee: 200,
    });
    const c = await withCustomer(company);
    for (const iccid of ['8933150319000000001', '8933150319000000002', '8933150319000000003', null, '  '])
      await createStation(db, { uid: unique('SIM'), companyId: c.id, iccid });
    await runMonthlyInvoices(env, '2026-01');
    const shape = await shapeOf(c.id, '2026-01');
    expect(shape?.lines).toContainEqual(['fee', 600, 'SIM monthly fee × 3 ']);
  });
});

describe('the job-runs API', () => {
  it('lists runs and lets role 42 trigger a month that is over; a fleet manager is refused', async () => {
    const admin = await world({ roles: [ROLE.PAYMENT_PROVIDER_ADMIN] });
    const session = await login(admin.email, admin.password, admin.ip);
    const res = await call('/jobs/monthly-invoices/run', { ...session, json: { period: '2026-04' } });
    expect(res.status).toBe(200);
    const run = (await res.json()) as { id: number; period: string; status: string; triggered_by: number };
    expect(run).toMatchObject({ period: '2026-04', status: 'done', triggered_by: admin.user.id });

    const list = await call('/jobs/runs?items_per_page=100', session);
    expect(list.status).toBe(200);
    const page = (await list.json()) as { data: { id: number; job: string }[]; total: number };
    expect(page.data.find((r) => r.id === run.id)).toMatchObject({ job: 'monthly-invoices' });

    const thisMonth = new Date().toISOString().slice(0, 7);
    const early = await call('/jobs/monthly-invoices/run', { ...session, json: { period: thisMonth } });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ code: 'PERIOD_NOT_OVER', field: 'period' });
    const bad = await call('/jobs/monthly-invoices/run', { ...session, json: { period: '2026-13' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'period', 'error-msg': 'Enter a month as YYYY-MM.' });

    const manager = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: { isEvfleet: true } });
    const managerSession = await login(manager.email, manager.password, manager.ip);
    const refused = await call('/jobs/monthly-invoices/run', { ...managerSession, json: { period: '2026-04' } });
    expect(refused.status).toBe(403);
    expect((await call('/jobs/runs', managerSession)).status).toBe(403);
  });
});

describe("a fleet company's own invoices", () => {
  it('lists only the caller company invoices, newest month first', async () => {
    const session = await login(fleetAdmin.email, fleetAdmin.password, fleetAdmin.ip);
    const res = await call('/company/evfleet/invoices', session);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { data: { id: number; period: string; total: number; lines: number }[] };
    const mine = await invoicesOf(fleet.id);
    expect(mine.length).toBeGreaterThan(2);
    expect(page.data.map((i) => i.period)).toEqual(
      mine
        .map((i) => i.period)
        .sort()
        .reverse(),
    );
    expect(page.data.map((i) => i.id).sort()).toEqual(mine.map((i) => i.id).sort());
    expect(page.data.find((i) => i.period === '2026-10')).toMatchObject({ total: 98_504, lines: 6 });
  });

  it("downloads an invoice as XLSX that reads back to its lines, and answers 404 for another company's", async () => {
    const session = await login(fleetAdmin.email, fleetAdmin.password, fleetAdmin.ip);
    const [october] = (await invoicesOf(fleet.id)).filter((i) => i.period === '2026-10');
    if (!october) throw new Error('no October invoice');
    const res = await call(`/company/evfleet/invoices/${october.id}/xls`, session);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('-2026-10.xlsx');
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    const lines = await linesOf(october.id);
    expect(rows[0]).toEqual([
      'Description',
      'Type',
      'Date',
      'Energy (kWh)',
      'Quantity',
      'Unit price',
      'Amount',
      'Currency',
    ]);
    expect(rows.slice(1, -1).map((r) => [r[0], r[4], r[6]])).toEqual(
      // The station name starting with "=" stays text (formula injection guard).
      lines.map((l) => [l.kind === 'session' ? `'${l.description}` : l.description, l.quantity, l.amount / 100]),
    );
    expect(rows.at(-1)).toEqual(['Total', undefined, undefined, undefined, undefined, undefined, 985.04, 'EUR']);

    const other = await fleetCompany();
    await monthSessions(other.driver.id, '2026-03');
    await runMonthlyInvoices(env, '2026-03');
    const [theirs] = await invoicesOf(other.id);
    const foreign = await call(`/company/evfleet/invoices/${theirs?.id}/xls`, session);
    expect(foreign.status).toBe(404);
    const list = (await (await call('/company/evfleet/invoices', session)).json()) as { data: { id: number }[] };
    expect(list.data.map((i) => i.id)).not.toContain(theirs?.id);
  });
});
