/** The tariffs API (spec 7.21): every endpoint, validation, roles of section 6, company scope, workflow. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { auditLog, chargingSessions, customerGroups, tariffs } from '../../drizzle/schema';
import { createCompany, createStation } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const OPERATOR = { cpms: 'public' as const };
const MSG = {
  forbidden: "Forbidden resource. You don't have the permission to request this resource.",
  notPending: 'This tariff is approved and can no longer be changed or deleted: create a new version instead.',
  name: 'Enter a name for the tariff.',
  time: 'Enter a time of day as HH:MM (00:00 to 23:59).',
  range: 'The end must be after the start (or the maximum above the minimum).',
  components: 'Each element needs at least one price component.',
};

interface TariffOut {
  id: number;
  company_id: number;
  type: string;
  status: string;
  name: string;
  version: number;
  version_of: number | null;
  apply_from: string | null;
  elements: unknown[];
  approved_by: number | null;
}
interface Page {
  data: TariffOut[];
  total: number;
  page: number;
  items_per_page: number;
}

const energy = (price: number) => ({ price_components: [{ type: 'ENERGY', price, vat_bp: 2000, step_size: 1 }] });
const draft = (over: Record<string, unknown> = {}) => ({
  type: 'cpo',
  name: unique('Tariff'),
  elements: [energy(2500)],
  ...over,
});

let manager: World;
let admin: World;
let viewer: World;
let other: World;
let m: Session;
let a: Session;
let v: Session;
let o: Session;

async function create(session: Session, body: Record<string, unknown> = draft()): Promise<TariffOut> {
  const res = await call('/tariff', { ...session, json: body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: TariffOut }).data;
}

beforeAll(async () => {
  manager = await world({ roles: [ROLE.CHARGING_POINT_MANAGER_ONBOARD], company: OPERATOR });
  admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { ...OPERATOR, parentCompanyId: null } });
  viewer = await world({ roles: [ROLE.CHARGING_POINT_MANAGER_VIEW], company: OPERATOR });
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: OPERATOR });
  // The admin works in the manager's company: same scope.
  const { users } = await import('../../drizzle/schema');
  await db
    .update(users)
    .set({ companyId: manager.company.id, selectedCompanyId: manager.company.id })
    .where(eq(users.id, admin.user.id));
  await db
    .update(users)
    .set({ companyId: manager.company.id, selectedCompanyId: manager.company.id })
    .where(eq(users.id, viewer.user.id));
  [m, a, v, o] = await Promise.all([
    login(manager.email, manager.password, manager.ip),
    login(admin.email, admin.password, admin.ip),
    login(viewer.email, viewer.password, viewer.ip),
    login(other.email, other.password, other.ip),
  ]);
});

describe('POST /tariff', () => {
  it('creates a pending tariff in the selected company; emsp is stored and sent as emp; audited', async () => {
    const t = await create(m, draft({ type: 'emsp', payment_type: 'qr', countries: ['FR', 'BE'] }));
    expect(t).toMatchObject({ company_id: manager.company.id, type: 'emp', status: 'pending', version: 1 });
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tariff'), eq(auditLog.entityId, String(t.id))));
    expect(rows.map((r) => [r.action, r.actorUserId])).toEqual([['tariff.create', manager.user.id]]);
  });

  it.each([
    { body: draft({ name: ' ' }), field: 'name', message: MSG.name },
    {
      body: draft({ elements: [{ ...energy(1), restrictions: { start_time: '25:00', end_time: '06:00' } }] }),
      field: 'elements.0.restrictions.start_time',
      message: MSG.time,
    },
    {
      body: draft({ elements: [{ ...energy(1), restrictions: { min_kwh: 10, max_kwh: 5 } }] }),
      field: 'elements.0.restrictions.max_kwh',
      message: MSG.range,
    },
    {
      body: draft({ elements: [{ price_components: [] }] }),
      field: 'elements.0.price_components',
      message: MSG.components,
    },
  ])('refuses $field with a clear message', async ({ body, field, message }) => {
    await expectError(await call('/tariff', { ...m, json: body }), 400, { code: 'VALIDATION_FAILED', message, field });
  });

  it('refuses a scope outside the caller companies and unknown fields', async () => {
    const res = await call('/tariff', { ...m, json: draft({ company_id: other.company.id }) });
    expect(res.status).toBe(404);
    const extra = await call('/tariff', { ...m, json: { ...draft(), colour: 'red' } });
    expect(extra.status).toBe(400);
  });

  it('is forbidden to a view-only charging point manager (role 32)', async () => {
    await expectError(await call('/tariff', { ...v, json: draft() }), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
  });
});

describe('pending → approved', () => {
  it('lets a pending tariff be updated, its components replaced and deleted', async () => {
    const t = await create(m);
    const up = await call(`/tariff/id/${t.id}`, {
      ...m,
      method: 'PUT',
      json: { name: 'Renamed', elements: [energy(3000)] },
    });
    expect(up.status).toBe(200);
    expect(((await up.json()) as { data: TariffOut }).data.name).toBe('Renamed');
    const comp = await call(`/tariff/id/${t.id}/components`, { ...m, json: { elements: [energy(3100), energy(10)] } });
    expect(((await comp.json()) as { data: TariffOut }).data.elements).toHaveLength(2);
    expect((await call(`/tariff/id/${t.id}`, { ...m, method: 'DELETE' })).status).toBe(200);
    expect((await call(`/tariff/id/${t.id}`, m)).status).toBe(404);
  });

  it('approval needs role 37/50/51: the onboarding manager (36) is refused, the admin approves', async () => {
    const t = await create(m);
    await expectError(await call(`/tariff/id/${t.id}/approve`, { ...m, method: 'POST' }), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
    const ok = await call(`/tariff/id/${t.id}/approve`, { ...a, method: 'POST' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: TariffOut }).data).toMatchObject({
      status: 'approved',
      approved_by: admin.user.id,
    });
    const again = await call(`/tariff/id/${t.id}/approve`, { ...a, method: 'POST' });
    await expectError(again, 409, { code: 'TARIFF_NOT_PENDING', message: MSG.notPending });
  });

  it('keeps an approved tariff immutable; a change is a new pending version with an apply-from', async () => {
    const t = await create(m);
    await call(`/tariff/id/${t.id}/approve`, { ...a, method: 'POST' });
    const put = await call(`/tariff/id/${t.id}`, { ...m, method: 'PUT', json: { name: 'x', elements: [energy(1)] } });
    await expectError(put, 409, { code: 'TARIFF_NOT_PENDING', message: MSG.notPending });
    await expectError(await call(`/tariff/id/${t.id}`, { ...m, method: 'DELETE' }), 409, {
      code: 'TARIFF_NOT_PENDING',
      message: MSG.notPending,
    });
    const comp = await call(`/tariff/id/${t.id}/components`, { ...m, json: { elements: [energy(1)] } });
    expect(comp.status).toBe(409);
    const res = await call(`/tariff/id/${t.id}/version`, { ...m, json: { apply_from: '2027-01-01T00:00:00Z' } });
    expect(res.status).toBe(201);
    const next = ((await res.json()) as { data: TariffOut }).data;
    expect(next).toMatchObject({
      status: 'pending',
      version: 2,
      version_of: t.id,
      apply_from: '2027-01-01T00:00:00.000Z',
    });
    const again = await call(`/tariff/id/${next.id}/version`, { ...m, json: { apply_from: '2027-01-01T00:00:00Z' } });
    expect(again.status).toBe(409);
  });
});

describe('GET /tariff/list', () => {
  it('lists per type with pagination, and the pending queue', async () => {
    const w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: OPERATOR });
    const s = await login(w.email, w.password, w.ip);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create(s, draft({ type: 'owner' })));
    await create(s, draft({ type: 'revenue' }));
    await call(`/tariff/id/${made[0]?.id}/approve`, { ...s, method: 'POST' });
    const first = (await (await call('/tariff/list/owner?items_per_page=2', s)).json()) as Page;
    expect({ total: first.total, n: first.data.length, types: [...new Set(first.data.map((t) => t.type))] }).toEqual({
      total: 3,
      n: 2,
      types: ['owner'],
    });
    const second = (await (await call('/tariff/list/owner?items_per_page=2&page=1', s)).json()) as Page;
    expect(second.data).toHaveLength(1);
    const pending = (await (await call(`/tariff/list/${w.company.id}/pending`, s)).json()) as Page;
    expect(pending.total).toBe(3);
    expect(pending.data.every((t) => t.status === 'pending')).toBe(true);
    const all = (await (await call(`/tariff/list/${w.company.id}/owner?paginate=false`, s)).json()) as Page;
    expect(all.data).toHaveLength(3);
    const empty = (await (await call('/tariff/list/emsp', s)).json()) as Page;
    expect(empty).toEqual({ data: [], total: 0, page: 0, items_per_page: 10 });
  });

  it('is readable by the view-only role, refuses an unknown type and another company scope', async () => {
    expect((await call('/tariff/list/cpo', v)).status).toBe(200);
    expect((await call('/tariff/list/bogus', v)).status).toBe(400);
    const res = await call(`/tariff/list/${other.company.id}/cpo`, v);
    expect(res.status).toBe(404);
  });
});

describe('company scope', () => {
  it("answers 404 for another company's tariff on every endpoint", async () => {
    const theirs = await create(o);
    const id = theirs.id;
    const calls: [string, Record<string, unknown>][] = [
      [`/tariff/id/${id}`, {}],
      [`/tariff/id/${id}`, { method: 'PUT', json: { name: 'x', elements: [energy(1)] } }],
      [`/tariff/id/${id}`, { method: 'DELETE' }],
      [`/tariff/id/${id}/components`, { json: { elements: [energy(1)] } }],
      [`/tariff/id/${id}/approve`, { method: 'POST' }],
      [`/tariff/id/${id}/version`, { json: { apply_from: '2027-01-01T00:00:00Z' } }],
    ];
    for (const [path, init] of calls) {
      const res = await call(path, { ...a, ...init });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const still = await call(`/tariff/id/${id}`, o);
    expect(((await still.json()) as { data: TariffOut }).data.status).toBe('pending');
  });
});

describe('reference lists', () => {
  it('dow, tariff-dimension-type and countries', async () => {
    const dow = (await (await call('/tariff/dow', v)).json()) as { data: { id: string }[] };
    expect(dow.data.map((d) => d.id)).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SATURDAY',
      'SUNDAY',
    ]);
    const dims = (await (await call('/tariff/tariff-dimension-type', v)).json()) as { data: { id: string }[] };
    expect(dims.data.map((d) => d.id)).toEqual(['FLAT', 'ENERGY', 'TIME', 'PARKING_TIME']);
    const countries = (await (await call('/tariff/countries', v)).json()) as { data: { id: string }[] };
    expect(countries.data.map((d) => d.id)).toContain('FR');
    expect((await call('/tariff/dow', { ip: '10.9.9.9' })).status).toBe(401);
  });
});

describe('POST /tariff/preview', () => {
  it('prices a sample session with a draft tariff, time of day over midnight included', async () => {
    const tariff = {
      name: 'Draft',
      elements: [
        { price_components: [{ type: 'FLAT', price: 5000, vat_bp: 2000, step_size: 0 }] },
        { ...energy(2000), restrictions: { start_time: '22:00', end_time: '06:00' } },
        energy(4000),
      ],
    };
    const night = await call('/tariff/preview', {
      ...v,
      json: { tariff, sample: { start: '2026-03-10T23:00:00Z', charging_minutes: 60, kwh: 10 } },
    });
    const n = ((await night.json()) as { data: { kind: string; totals: { exclVat: number; inclVat: number } } }).data;
    // 0.50 + 10 kWh × 0.20 = 2.50 excl., 3.00 incl. 20 % VAT (00:00–01:00 Paris is off-peak).
    expect(n).toMatchObject({ kind: 'priced', totals: { exclVat: 250, inclVat: 300 } });
    const day = await call('/tariff/preview', {
      ...v,
      json: { tariff, sample: { start: '2026-03-10T10:00:00Z', charging_minutes: 60, kwh: 10 } },
    });
    expect(((await day.json()) as { data: { totals: { exclVat: number } } }).data.totals.exclVat).toBe(450);
    const bad = await call('/tariff/preview', {
      ...v,
      json: { tariff: { ...tariff, name: '' }, sample: { start: 'x', charging_minutes: 1, kwh: 1 } },
    });
    expect(bad.status).toBe(400);
  });
});

describe('MPS tariffs', () => {
  it('assigns an approved tariff to a country, lists, reads, updates and deletes it', async () => {
    const t = await create(m, draft({ type: 'emp' }));
    const pendingRes = await call('/tariff/mps', { ...m, json: { type: 'emsp', country_code: 'FR', tariff_id: t.id } });
    expect(pendingRes.status).toBe(409);
    await call(`/tariff/id/${t.id}/approve`, { ...a, method: 'POST' });
    const res = await call('/tariff/mps', { ...m, json: { type: 'emsp', country_code: 'FR', tariff_id: t.id } });
    expect(res.status).toBe(201);
    const mps = ((await res.json()) as { data: { id: number; type: string; tariff_name: string } }).data;
    expect(mps).toMatchObject({ type: 'emp', tariff_name: t.name });
    const dup = await call('/tariff/mps', { ...m, json: { type: 'emp', country_code: 'FR', tariff_id: t.id } });
    expect(dup.status).toBe(409);
    const list = (await (await call('/tariff/mps/list/emsp?countryCode=FR', v)).json()) as { data: { id: number }[] };
    expect(list.data.map((x) => x.id)).toContain(mps.id);
    expect((await call(`/tariff/mps/id/${mps.id}`, v)).status).toBe(200);
    expect((await call(`/tariff/mps/id/${mps.id}`, o)).status).toBe(404);
    const put = await call(`/tariff/mps/id/${mps.id}`, {
      ...m,
      method: 'PUT',
      json: { type: 'emp', country_code: 'BE', tariff_id: t.id },
    });
    expect(((await put.json()) as { data: { country_code: string } }).data.country_code).toBe('BE');
    expect((await call(`/tariff/mps/id/${mps.id}`, { ...v, method: 'DELETE' })).status).toBe(403);
    expect((await call(`/tariff/mps/id/${mps.id}`, { ...m, method: 'DELETE' })).status).toBe(200);
    expect((await call(`/tariff/mps/id/${mps.id}`, v)).status).toBe(404);
  });
});

describe('POST /tariff/sessions/{id}/reprice', () => {
  it('re-prices a closed session after a correction and keeps the previous figures in the audit log', async () => {
    const w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: OPERATOR });
    const s = await login(w.email, w.password, w.ip);
    const station = await createStation(db, { uid: unique('ST'), companyId: w.company.id, country: 'FR' });
    const [row] = await db
      .insert(chargingSessions)
      .values({
        cdrId: unique('cdr'),
        status: 'closed',
        stationId: station.id,
        connectorNumber: 1,
        companyId: w.company.id,
        authId: 'TAG1',
        startKey: unique('k'),
        startAt: new Date('2026-03-10T10:00:00Z'),
        endAt: new Date('2026-03-10T11:00:00Z'),
        meterStartWh: 0,
        meterStopWh: 10_000,
        energyWh: 10_000,
      })
      .returning();
    if (!row) throw new Error('no session');
    const first = await create(s, draft({ type: 'emp', elements: [energy(3000)] }));
    await call(`/tariff/id/${first.id}/approve`, { ...s, method: 'POST' });
    const r1 = await call(`/tariff/sessions/${row.id}/reprice`, { ...s, method: 'POST' });
    expect(r1.status).toBe(200);
    const b1 = (await r1.json()) as { data: { current: { empNetTotal: number }; previous: { pricingStatus: string } } };
    expect(b1.data.previous.pricingStatus).toBe('unpriced');
    expect(b1.data.current.empNetTotal).toBe(300);
    // A correction: a newer version applies from before the session.
    const v2 = await call(`/tariff/id/${first.id}/version`, { ...s, json: { apply_from: '2026-03-01T00:00:00Z' } });
    const next = ((await v2.json()) as { data: TariffOut }).data;
    await call(`/tariff/id/${next.id}/components`, { ...s, json: { elements: [energy(2000)] } });
    await call(`/tariff/id/${next.id}/approve`, { ...s, method: 'POST' });
    const r2 = await call(`/tariff/sessions/${row.id}/reprice`, { ...s, method: 'POST' });
    const b2 = (await r2.json()) as { data: { current: { empNetTotal: number }; previous: { empNetTotal: number } } };
    expect([b2.data.previous.empNetTotal, b2.data.current.empNetTotal]).toEqual([300, 200]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'charging_session'), eq(auditLog.entityId, String(row.id))));
    expect(
      audits.map(
        (x) => (JSON.parse(x.detailJson ?? '{}') as { previous: { empNetTotal: number | null } }).previous.empNetTotal,
      ),
    ).toEqual([null, 300]);
    expect((await call(`/tariff/sessions/${row.id}/reprice`, { ...o, method: 'POST' })).status).toBe(404);
    expect((await call(`/tariff/sessions/${row.id}/reprice`, { ...m, method: 'POST' })).status).toBe(403);
  });
});

describe('customer group of a tariff (issue 24)', () => {
  const group = async (companyId: number, deleted = false) => {
    const [row] = await db
      .insert(customerGroups)
      .values({ companyId, name: unique('Group'), deletedAt: deleted ? new Date() : null })
      .returning();
    if (!row) throw new Error('no group');
    return row.id;
  };
  const refused = { code: 'CUSTOMER_GROUP_INVALID', message: 'Customer group not found', field: 'customer_group_id' };

  it("takes a live group of the tariff company's chain in the caller's scope", async () => {
    const own = await group(manager.company.id);
    expect((await create(m, draft({ customer_group_id: own }))).company_id).toBe(manager.company.id);
    const child = await createCompany(db, { name: unique('Child'), parentCompanyId: manager.company.id, ...OPERATOR });
    const childGroup = await group(child.id);
    const res = await call('/tariff', { ...m, json: draft({ customer_group_id: childGroup }) });
    expect(res.status).toBe(201);
    // A tariff of the child may use a group of its parent (an ancestor on its chain).
    const ofChild = await call('/tariff', { ...m, json: draft({ company_id: child.id, customer_group_id: own }) });
    expect(ofChild.status).toBe(201);
  });

  it("refuses another company's, a deleted, an unknown and an off-chain group with the field named", async () => {
    const foreign = await group(other.company.id);
    const deleted = await group(manager.company.id, true);
    const childA = await createCompany(db, { name: unique('A'), parentCompanyId: manager.company.id, ...OPERATOR });
    const childB = await createCompany(db, { name: unique('B'), parentCompanyId: manager.company.id, ...OPERATOR });
    const sibling = await group(childB.id);
    for (const [body, why] of [
      [draft({ customer_group_id: foreign }), 'foreign'],
      [draft({ customer_group_id: deleted }), 'deleted'],
      [draft({ customer_group_id: 999_999_999 }), 'unknown'],
      [draft({ company_id: childA.id, customer_group_id: sibling }), 'sibling of the tariff company'],
    ] as const) {
      const res = await call('/tariff', { ...m, json: body });
      await expectError(res, 400, refused).catch((e) => {
        throw new Error(`${why}: ${e}`);
      });
    }
    const stored = await db.select().from(tariffs).where(eq(tariffs.customerGroupId, foreign));
    expect(stored).toEqual([]);
  });

  it("refuses another company's group on update and keeps the tariff as it was", async () => {
    const t = await create(m);
    const foreign = await group(other.company.id);
    const { type: _type, ...body } = draft({ customer_group_id: foreign });
    const res = await call(`/tariff/id/${t.id}`, { ...m, method: 'PUT', json: body });
    await expectError(res, 400, refused);
    const row = await db.select().from(tariffs).where(eq(tariffs.id, t.id)).get();
    expect(row?.customerGroupId).toBeNull();
    expect(row?.name).toBe(t.name);
  });
});
