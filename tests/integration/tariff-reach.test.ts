/**
 * Issue 24 §6: "an approved FR tariff at €0.35 priced no session; the older one kept winning, and
 * nothing said why". Where a tariff applies and why it never can (GET /tariff/id/{id}/reach and the
 * warnings of the save answers), and which tariff priced each perspective of a session and why.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { chargingSessions, customerGroups } from '../../drizzle/schema';
import { createStation } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const OPERATOR = { cpms: 'public' as const };
const energy = (price: number) => ({ price_components: [{ type: 'ENERGY', price, vat_bp: 2000, step_size: 1 }] });
const draft = (over: Record<string, unknown> = {}) => ({
  type: 'cpo',
  name: unique('Tariff'),
  countries: ['FR'],
  elements: [energy(2800)],
  ...over,
});

interface Warning {
  code: string;
  criterion?: string;
  tariffs?: { id: number; name: string }[];
  until?: string;
  countries?: string[];
}
interface Saved {
  data: { id: number; name: string };
  warnings: Warning[];
}
interface Why {
  perspective: string;
  priced_with: { id: number; name: string } | null;
  would_choose: { id: number; name: string } | null;
  stale: boolean;
  candidates: {
    tariff_id: number;
    outcome: string;
    exclusion: string | null;
    by: number | null;
    criterion: string | null;
    approved_after_pricing: boolean;
  }[];
}

let w: World;
let s: Session;
let sessionId: number;

async function save(body: Record<string, unknown>): Promise<Saved> {
  const res = await call('/tariff', { ...s, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as Saved;
}
async function approve(id: number): Promise<Saved> {
  const res = await call(`/tariff/id/${id}/approve`, { ...s, method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as Saved;
}

beforeAll(async () => {
  w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: OPERATOR });
  s = await login(w.email, w.password, w.ip);
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
  sessionId = row.id;
});

describe('a new FR tariff shadowed by an older one', () => {
  let older: Saved;
  let newer: Saved;

  it('the older approved FR tariff (apply-from 1 Jan 2026) prices the session', async () => {
    older = await save(
      draft({ name: 'Older FR', valid_from: '2026-01-01T00:00:00Z', apply_from: '2026-01-01T00:00:00Z' }),
    );
    expect(older.warnings).toEqual([]);
    expect((await approve(older.data.id)).warnings).toEqual([]);
    expect((await call(`/tariff/sessions/${sessionId}/reprice`, { ...s, method: 'POST' })).status).toBe(200);
  });

  it('saving the new €0.35 FR tariff without apply-from warns that the older one wins every session', async () => {
    newer = await save(draft({ name: 'New FR 0.35', elements: [energy(3500)] }));
    expect(newer.warnings).toEqual([
      {
        code: 'shadowed',
        criterion: 'apply_from',
        tariffs: [{ id: older.data.id, name: 'Older FR', type: 'cpo', apply_from: '2026-01-01T00:00:00.000Z' }],
      },
    ]);
    // Approving it repeats the warning.
    expect((await approve(newer.data.id)).warnings.map((x) => x.code)).toEqual(['shadowed']);
  });

  it('GET reach says where it applies: the sub-operator perspective, the FR station, the company', async () => {
    const res = await call(`/tariff/id/${newer.data.id}/reach`, s);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: {
        perspectives: string[];
        stations: { total: number; in_countries: number; sample: { name: string }[] };
        companies: { total: number; sample: { id: number }[] };
        customer_group: unknown;
        warnings: Warning[];
      };
    };
    expect(data.perspectives).toEqual(['subcpo']);
    expect(data.stations).toMatchObject({ total: 1, in_countries: 1 });
    expect(data.companies.sample.map((c) => c.id)).toEqual([w.company.id]);
    expect(data.customer_group).toBeNull();
    expect(data.warnings.map((x) => x.code)).toEqual(['shadowed']);
  });

  it('the session detail names the tariff of each perspective and why the new one lost', async () => {
    const res = await call(`/sessions/${sessionId}`, s);
    expect(res.status).toBe(200);
    const why = ((await res.json()) as { pricing_why: Why[] }).pricing_why;
    const sub = why.find((p) => p.perspective === 'subcpo');
    expect(sub).toMatchObject({
      priced_with: { id: older.data.id },
      would_choose: { id: older.data.id },
      stale: false,
    });
    expect(sub?.candidates.find((c) => c.tariff_id === newer.data.id)).toMatchObject({
      outcome: 'outranked',
      by: older.data.id,
      criterion: 'apply_from',
      approved_after_pricing: true,
    });
    expect(why.find((p) => p.perspective === 'emp')).toMatchObject({ priced_with: null, would_choose: null });
  });

  it('a tariff with a later apply-from has no warning; the session says a re-price would take it', async () => {
    const later = await save(
      draft({ name: 'FR from March', apply_from: '2026-03-01T00:00:00Z', elements: [energy(3500)] }),
    );
    expect(later.warnings).toEqual([]);
    await approve(later.data.id);
    const why = ((await (await call(`/sessions/${sessionId}`, s)).json()) as { pricing_why: Why[] }).pricing_why;
    expect(why.find((p) => p.perspective === 'subcpo')).toMatchObject({
      priced_with: { id: older.data.id },
      would_choose: { id: later.data.id },
      stale: true,
    });
  });
});

describe('tariffs that can never apply', () => {
  it('a country without any station of the scope', async () => {
    const t = await save(draft({ countries: ['DE'], type: 'emp' }));
    expect(t.warnings).toEqual([{ code: 'no_station_in_countries', countries: ['DE'], station_countries: ['FR'] }]);
  });

  it('a validity that is over', async () => {
    const t = await save(draft({ type: 'owner', valid_to: '2025-01-01T00:00:00Z' }));
    expect(t.warnings).toEqual([{ code: 'validity_over', until: '2025-01-01T00:00:00.000Z' }]);
  });

  it('a customer group deleted after the tariff named it', async () => {
    const [group] = await db
      .insert(customerGroups)
      .values({ companyId: w.company.id, name: unique('G') })
      .returning();
    if (!group) throw new Error('no group');
    const t = await save(draft({ type: 'emp', customer_group_id: group.id }));
    expect(t.warnings).toEqual([]);
    await db.update(customerGroups).set({ deletedAt: new Date() }).where(eq(customerGroups.id, group.id));
    const res = await call(`/tariff/id/${t.data.id}/reach`, s);
    const { data } = (await res.json()) as { data: { warnings: Warning[]; customer_group: unknown } };
    expect(data.customer_group).toMatchObject({ id: group.id, deleted: true });
    expect(data.warnings).toEqual([{ code: 'customer_group_deleted', customer_group_id: group.id }]);
  });

  it("another company's tariff answers 404", async () => {
    const other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: OPERATOR });
    const o = await login(other.email, other.password, other.ip);
    const t = await save(draft());
    expect((await call(`/tariff/id/${t.data.id}/reach`, o)).status).toBe(404);
  });
});
