/** The operator invoice board API (issue 17 part 8, /cpo-invoices): figures, one row per month, edits, recompute, scope, audit. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { chargingSessions } from '../../drizzle/schema';
import { createCompany, createStation } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

interface Invoice {
  id: number;
  name: string;
  operator: { id: number; name: string };
  month: string;
  currency: string;
  sessions: number;
  energy_wh: number;
  energy_amount: number;
  sub_operator_total: number;
  owner_total: number;
  unpriced_sessions: number;
  invoice_date: string;
  status: string;
  next_statuses: string[];
  checks: { sessions_checked: boolean; amounts_checked: boolean; sent_to_operator: boolean };
  notes: string | null;
  timeline: { kind: string; detail: Record<string, unknown> | null; actor: { id: number } | null }[];
}
interface Page {
  data: Invoice[];
  total: number;
  page: number;
  items_per_page: number;
}

type Seeded = {
  start: string;
  energyWh: number;
  prices: { energy: number; total: number; owner: number } | null;
  status?: 'closed' | 'in_progress';
  refused?: boolean;
  currency?: string;
  /** Whether the September 2026 row (Paris time) counts it. */
  counts: boolean;
};

/** September 2026 in Paris runs from 2026-08-31T22:00Z to 2026-09-30T22:00Z. */
const SEPTEMBER: Seeded[] = [
  { start: '2026-09-10T08:00:00Z', energyWh: 20_000, prices: { energy: 500, total: 700, owner: 300 }, counts: true },
  { start: '2026-08-31T22:30:00Z', energyWh: 12_345, prices: { energy: 410, total: 520, owner: 150 }, counts: true },
  { start: '2026-09-30T21:30:00Z', energyWh: 5_000, prices: null, counts: true },
  { start: '2026-09-30T22:30:00Z', energyWh: 7_000, prices: { energy: 1, total: 1, owner: 1 }, counts: false },
  {
    start: '2026-09-15T10:00:00Z',
    energyWh: 9_000,
    prices: { energy: 2, total: 2, owner: 2 },
    refused: true,
    counts: false,
  },
  { start: '2026-09-16T10:00:00Z', energyWh: 0, prices: null, status: 'in_progress', counts: false },
];

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";

let manager: World;
let session: Session;
let operator: Awaited<ReturnType<typeof createCompany>>;
let stationId: number;

/** One insert per session: D1 binds at most 100 parameters per statement. */
async function seedSessions(companyId: number, station: number, rows: Seeded[]) {
  for (const r of rows)
    await db.insert(chargingSessions).values({
      cdrId: unique('cdr'),
      stationId: station,
      connectorNumber: 1,
      companyId,
      authId: 'TAG',
      startKey: unique('k'),
      startAt: new Date(r.start),
      endAt: r.status === 'in_progress' ? null : new Date(new Date(r.start).getTime() + 3_600_000),
      meterStartWh: 0,
      energyWh: r.energyWh,
      status: r.status ?? 'closed',
      refusedStatus: r.refused ? 'Blocked' : null,
      currency: r.currency ?? 'EUR',
      pricingStatus: r.prices ? ('priced' as const) : ('unpriced' as const),
      subcpoEnergy: r.prices?.energy ?? null,
      subcpoTotal: r.prices?.total ?? null,
      ownerTotal: r.prices?.owner ?? null,
      empTotal: r.prices ? 9_999 : null,
    });
}

async function created(body: Record<string, unknown>, s = session): Promise<Invoice> {
  const res = await call('/cpo-invoices', { ...s, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as Invoice;
}

const put = (id: number, json: unknown, s = session) => call(`/cpo-invoices/${id}`, { ...s, method: 'PUT', json });

beforeAll(async () => {
  manager = await world({ roles: [ROLE.PAYMENT_PROVIDER_ADMIN], company: { cpms: 'public' } });
  session = await login(manager.email, manager.password, manager.ip);
  operator = await createCompany(db, {
    name: unique('Sub-operator'),
    parentCompanyId: manager.company.id,
    isSubcpo: true,
  });
  stationId = (await createStation(db, { uid: unique('ST'), companyId: operator.id })).id;
  await seedSessions(operator.id, stationId, SEPTEMBER);
  // A session of the parent company in September: not the sub-operator's.
  const own = await createStation(db, { uid: unique('ST'), companyId: manager.company.id });
  await seedSessions(manager.company.id, own.id, [
    { start: '2026-09-12T10:00:00Z', energyWh: 50_000, prices: { energy: 5, total: 5, owner: 5 }, counts: false },
  ]);
});

describe('create', () => {
  let september: Invoice;

  beforeAll(async () => {
    september = await created({ operator_id: operator.id, month: '2026-09' });
  });

  it('computes the row from the month’s sessions: a direct sum over the seeded ones that count', () => {
    const counted = SEPTEMBER.filter((s) => s.counts);
    expect(september).toMatchObject({
      name: `CPO-2026-09-${String(operator.id).padStart(6, '0')}`,
      operator: { id: operator.id, name: operator.name },
      month: '2026-09',
      currency: 'EUR',
      sessions: counted.length,
      energy_wh: counted.reduce((a, s) => a + s.energyWh, 0),
      energy_amount: counted.reduce((a, s) => a + (s.prices?.energy ?? 0), 0),
      sub_operator_total: counted.reduce((a, s) => a + (s.prices?.total ?? 0), 0),
      owner_total: counted.reduce((a, s) => a + (s.prices?.owner ?? 0), 0),
      unpriced_sessions: counted.filter((s) => s.prices === null).length,
      status: 'draft',
      next_statuses: ['checked'],
      checks: { sessions_checked: false, amounts_checked: false, sent_to_operator: false },
      notes: null,
    });
    expect(september.timeline.map((e) => [e.kind, e.actor?.id])).toEqual([['created', manager.user.id]]);
  });

  it('one row per operator and month: a second answers 409', async () => {
    const res = await call('/cpo-invoices', { ...session, json: { operator_id: operator.id, month: '2026-09' } });
    await expectError(res, 409, {
      code: 'CPO_INVOICE_EXISTS',
      message: 'An operator invoice already exists for this operator and month.',
      field: 'month',
    });
  });

  it('a month without sessions: zeros in the operator currency', async () => {
    const august = await created({ operator_id: operator.id, month: '2026-08', invoice_date: '2026-09-05' });
    expect(august).toMatchObject({ sessions: 0, energy_wh: 0, sub_operator_total: 0, currency: 'EUR' });
    expect(august.invoice_date).toBe('2026-09-05');
  });

  it('refuses a future month, a bad month, a company that operates nothing and one outside the scope', async () => {
    const ask = (json: unknown) => call('/cpo-invoices', { ...session, json });
    await expectError(await ask({ operator_id: operator.id, month: '2099-01' }), 422, {
      code: 'CPO_INVOICE_MONTH_FUTURE',
      message: 'This month has not started yet.',
      field: 'month',
    });
    await expectError(await ask({ operator_id: operator.id, month: '2026-9' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a month as YYYY-MM.',
      field: 'month',
    });
    const fleet = await createCompany(db, {
      name: unique('Fleet'),
      parentCompanyId: manager.company.id,
      isEvfleet: true,
    });
    await expectError(await ask({ operator_id: fleet.id, month: '2026-09' }), 422, {
      code: 'CPO_INVOICE_NOT_OPERATOR',
      message: 'This company operates no charging stations.',
      field: 'operator_id',
    });
    const elsewhere = await world({ company: { cpms: 'public' } });
    await expectError(await ask({ operator_id: elsewhere.company.id, month: '2026-09' }), 403, {
      code: 'FORBIDDEN',
      message: FORBIDDEN,
      field: 'operator_id',
    });
  });

  it('refuses sessions in several currencies instead of adding them', async () => {
    const mixed = await createCompany(db, {
      name: unique('Mixed'),
      parentCompanyId: manager.company.id,
      cpms: 'private',
    });
    const station = await createStation(db, { uid: unique('ST'), companyId: mixed.id });
    await seedSessions(mixed.id, station.id, [
      { start: '2026-07-10T10:00:00Z', energyWh: 1000, prices: { energy: 1, total: 1, owner: 1 }, counts: true },
      {
        start: '2026-07-11T10:00:00Z',
        energyWh: 1000,
        prices: { energy: 1, total: 1, owner: 1 },
        currency: 'GBP',
        counts: true,
      },
    ]);
    const res = await call('/cpo-invoices', { ...session, json: { operator_id: mixed.id, month: '2026-07' } });
    await expectError(res, 422, {
      code: 'CPO_INVOICE_MIXED_CURRENCIES',
      message: 'The sessions of this month are in several currencies (EUR, GBP): one invoice holds one currency.',
    });
  });

  it('the preview shows the same figures and stores nothing', async () => {
    const res = await call(`/cpo-invoices/preview?operator_id=${operator.id}&month=2026-06`, session);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ month: '2026-06', figures: { sessions: 0, currency: 'EUR' } });
    const list = (await (await call(`/cpo-invoices?month=2026-06`, session)).json()) as Page;
    expect(list.total).toBe(0);
  });
});

describe('edit and recompute', () => {
  let row: Invoice;

  beforeAll(async () => {
    row = await created({ operator_id: operator.id, month: '2026-05' });
  });

  it('refuses paid before sent, and checked without its checks', async () => {
    await expectError(await put(row.id, { status: 'paid' }), 409, {
      code: 'CPO_INVOICE_TRANSITION',
      message: 'The status cannot change from draft to paid.',
      field: 'status',
    });
    await expectError(await put(row.id, { status: 'checked', checks: { sessions_checked: true } }), 409, {
      code: 'CPO_INVOICE_CHECKS_MISSING',
      message: 'Tick these checks first: amounts_checked.',
      field: 'checks.amounts_checked',
    });
    const unchanged = (await (await call(`/cpo-invoices/${row.id}`, session)).json()) as Invoice;
    expect(unchanged.checks.sessions_checked).toBe(false);
  });

  it('recomputes a draft from the sessions, with the change on the timeline', async () => {
    await seedSessions(operator.id, stationId, [
      { start: '2026-05-20T10:00:00Z', energyWh: 3_000, prices: { energy: 90, total: 120, owner: 40 }, counts: true },
    ]);
    const res = await call(`/cpo-invoices/${row.id}/recompute`, { ...session, method: 'POST' });
    expect(res.status).toBe(200);
    const after = (await res.json()) as Invoice;
    expect(after).toMatchObject({ sessions: 1, energy_wh: 3_000, energy_amount: 90, sub_operator_total: 120 });
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'recomputed',
      detail: { before: { sessions: 0 }, after: { sessions: 1 } },
    });
  });

  it('ticks checks and moves draft → checked → sent → paid, each change on the timeline', async () => {
    let res = await put(row.id, {
      status: 'checked',
      checks: { sessions_checked: true, amounts_checked: true },
      notes: 'Figures agreed by phone',
    });
    expect(res.status).toBe(200);
    res = await put(row.id, { status: 'sent', checks: { sent_to_operator: true } });
    expect(res.status).toBe(200);
    res = await put(row.id, { status: 'paid' });
    expect(res.status).toBe(200);
    const paid = (await res.json()) as Invoice;
    expect(paid).toMatchObject({
      status: 'paid',
      next_statuses: [],
      notes: 'Figures agreed by phone',
      checks: { sessions_checked: true, amounts_checked: true, sent_to_operator: true },
    });
    expect(paid.timeline.map((e) => [e.kind, e.detail])).toEqual([
      ['created', expect.anything()],
      ['recomputed', expect.anything()],
      ['check', { check: 'sessions_checked', value: true }],
      ['check', { check: 'amounts_checked', value: true }],
      ['status', { from: 'draft', to: 'checked' }],
      ['notes', {}],
      ['check', { check: 'sent_to_operator', value: true }],
      ['status', { from: 'checked', to: 'sent' }],
      ['status', { from: 'sent', to: 'paid' }],
    ]);
  });

  it('a paid row is final and its figures are frozen', async () => {
    await expectError(await put(row.id, { checks: { amounts_checked: false } }), 409, {
      code: 'CPO_INVOICE_PAID',
      message: 'This invoice is paid: only its notes can still change.',
    });
    await expectError(await call(`/cpo-invoices/${row.id}/recompute`, { ...session, method: 'POST' }), 409, {
      code: 'CPO_INVOICE_NOT_DRAFT',
      message: 'Only a draft invoice can be recomputed: set it back to draft first.',
    });
    expect((await put(row.id, { notes: 'Paid on the 3rd' })).status).toBe(200);
  });

  it('every change is audited', async () => {
    const audit = await db.$client
      .prepare("SELECT action, actor_user_id FROM audit_log WHERE entity = 'cpo_invoice' AND entity_id = ? ORDER BY id")
      .bind(String(row.id))
      .all<{ action: string; actor_user_id: number }>();
    expect(audit.results.map((a) => a.action)).toEqual([
      'cpo_invoice.create',
      'cpo_invoice.recompute',
      'cpo_invoice.update',
      'cpo_invoice.update',
      'cpo_invoice.update',
      'cpo_invoice.update',
    ]);
    expect(new Set(audit.results.map((a) => a.actor_user_id))).toEqual(new Set([manager.user.id]));
  });
});

describe('list', () => {
  it('filters by month, status and operator, and pages', async () => {
    const read = async (query: string) => (await (await call(`/cpo-invoices?${query}`, session)).json()) as Page;
    const september = await read('month=2026-09');
    expect(september.data.map((r) => r.month)).toEqual(['2026-09']);
    const paid = await read('status=paid');
    expect(paid.data.map((r) => r.month)).toEqual(['2026-05']);
    const mine = await read(`operator_id=${operator.id}&items_per_page=2`);
    expect(mine.total).toBe(3);
    expect(mine.data.map((r) => r.month)).toEqual(['2026-09', '2026-08']);
    const second = await read(`operator_id=${operator.id}&items_per_page=2&page=1`);
    expect(second.data.map((r) => r.month)).toEqual(['2026-05']);
    expect(await read(`operator_id=${manager.company.id}`)).toMatchObject({ total: 0, data: [] });
    const named = await read(`keyword=${encodeURIComponent(operator.name.slice(0, 12).toUpperCase())}&month=2026-08`);
    expect(named.data.map((r) => [r.operator.id, r.month])).toEqual([[operator.id, '2026-08']]);
  });

  it('offers the operators of the scope', async () => {
    const res = await call('/cpo-invoices/operators', session);
    const { data } = (await res.json()) as { data: { id: number }[] };
    expect(data.map((o) => o.id)).toContain(operator.id);
    expect(data.map((o) => o.id)).toContain(manager.company.id);
  });
});

describe('who', () => {
  it('role 42 of a fleet company or of a child operator: 403', async () => {
    const fleet = await world({ roles: [ROLE.PAYMENT_PROVIDER_ADMIN], company: { isEvfleet: true } });
    const fleetSession = await login(fleet.email, fleet.password, fleet.ip);
    await expectError(await call('/cpo-invoices', fleetSession), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
    const child = await world({
      roles: [ROLE.PAYMENT_PROVIDER_ADMIN],
      company: { isSubcpo: true, parentCompanyId: manager.company.id },
    });
    const childSession = await login(child.email, child.password, child.ip);
    await expectError(await call('/cpo-invoices', childSession), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
  });

  it('a super user of another tree: another operator’s row answers as a missing one', async () => {
    const other = await world({ roles: [ROLE.SUPER_USER], company: { cpms: 'public' } });
    const otherSession = await login(other.email, other.password, other.ip);
    const page = (await (await call('/cpo-invoices', otherSession)).json()) as Page;
    expect(page.total).toBe(0);
    const list = (await (await call(`/cpo-invoices?operator_id=${operator.id}`, session)).json()) as Page;
    const id = list.data[0]?.id ?? 0;
    for (const res of [
      await call(`/cpo-invoices/${id}`, otherSession),
      await put(id, { notes: 'x' }, otherSession),
      await call(`/cpo-invoices/${id}/recompute`, { ...otherSession, method: 'POST' }),
    ])
      await expectError(res, 404, { code: 'CPO_INVOICE_NOT_FOUND', message: `Operator invoice id: ${id} not found.` });
  });
});
