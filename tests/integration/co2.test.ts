import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions, ehdvTypes, userVehicles, vehicleBrands, vehicleModels } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

// Paris local dates as UTC instants: 2025-05-10 12:00 and 2025-06-10 12:00 (UTC+2).
const MAY = new Date(Date.UTC(2025, 4, 10, 10));
const JUNE = new Date(Date.UTC(2025, 5, 10, 10));

interface Total {
  total: {
    energy_wh: number;
    sessions: number;
    baseline_kg: number;
    project_kg: number;
    avoided_kg: number;
    estimated: boolean;
  };
  months: { month: string; avoided_kg: number; sessions: number }[];
  factors: { basis: string; country: string; g_per_kwh: number; factor_year: number | null }[];
  method: { residual_mix_source: { name: string; year: number } };
}

/** An N1 (van) vehicle for `userId`: the e-HDV type, a brand and a model of it. */
async function giveVan(userId: number, companyId: number) {
  await db.insert(ehdvTypes).values({ code: 'N1', label: 'Van' }).onConflictDoNothing();
  const type = await db.query.ehdvTypes.findFirst({ where: (t, { eq }) => eq(t.code, 'N1') });
  const [brand] = await db
    .insert(vehicleBrands)
    .values({ name: unique('Brand') })
    .returning();
  if (!type || !brand) throw new Error('vehicle catalogue insert failed');
  const [model] = await db
    .insert(vehicleModels)
    .values({ brandId: brand.id, name: 'e-Van', batteryKwh: 75, acMaxKw: 11, plugs: 'type2', ehdvTypeId: type.id })
    .returning();
  await db.insert(userVehicles).values({ userId, companyId, brandId: brand.id, modelId: model?.id });
}

const session = (v: { stationId: number; companyId: number; userId?: number; energyWh: number; at: Date }) => ({
  cdrId: unique('cdr'),
  stationId: v.stationId,
  connectorNumber: 1,
  companyId: v.companyId,
  userId: v.userId ?? null,
  authId: 'CO2',
  startKey: unique('k'),
  startAt: v.at,
  endAt: new Date(v.at.getTime() + 3_600_000),
  meterStartWh: 0,
  meterStopWh: v.energyWh,
  energyWh: v.energyWh,
  status: 'closed' as const,
});

describe('GET /api/co2-total', () => {
  let op: Awaited<ReturnType<typeof world>>;
  let child: { id: number };
  let foreign: { id: number };
  let admin: Session;
  let fleetManager: Session;
  let frSessionId = 0;

  beforeAll(async () => {
    op = await world({ roles: [37], company: { cpms: 'public', timeZone: 'Europe/Paris' } });
    child = await createCompany(db, {
      name: unique('Child'),
      cpms: 'public',
      parentCompanyId: op.company.id,
      timeZone: 'Europe/Paris',
    });
    foreign = await createCompany(db, { name: unique('Foreign'), cpms: 'public' });
    const fleet = await world({ roles: [31], company: { isEvfleet: true, timeZone: 'Europe/Paris' } });
    const car = await createUser(db, { companyId: fleet.company.id, email: `${unique('car')}@example.test` });
    const van = await createUser(db, { companyId: fleet.company.id, email: `${unique('van')}@example.test` });
    await giveVan(van.id, fleet.company.id);
    const tag = unique('CO2');
    const fr = await createStation(db, { uid: `${tag}-FR`, companyId: op.company.id, country: 'FR' });
    const de = await createStation(db, { uid: `${tag}-DE`, companyId: op.company.id, country: 'DE' });
    const green = await createStation(db, {
      uid: `${tag}-GREEN`,
      companyId: op.company.id,
      country: 'FR',
      certifiedRenewable: true,
      renewableCertificate: 'GO-FR-2025-0001',
    });
    const sub = await createStation(db, { uid: `${tag}-SUB`, companyId: child.id, country: 'FR' });
    const other = await createStation(db, { uid: `${tag}-X`, companyId: foreign.id, country: 'FR' });
    const rows = [
      session({ stationId: fr.id, companyId: op.company.id, userId: car.id, energyWh: 20_000, at: MAY }),
      session({ stationId: de.id, companyId: op.company.id, energyWh: 10_000, at: MAY }),
      session({ stationId: green.id, companyId: op.company.id, userId: van.id, energyWh: 30_000, at: MAY }),
      session({ stationId: sub.id, companyId: child.id, energyWh: 5_000, at: JUNE }),
      // Not counted: another company's station, a session still running, a refused start.
      session({ stationId: other.id, companyId: foreign.id, userId: car.id, energyWh: 50_000, at: MAY }),
      {
        ...session({ stationId: fr.id, companyId: op.company.id, energyWh: 9_000, at: MAY }),
        status: 'in_progress' as const,
      },
      {
        ...session({ stationId: fr.id, companyId: op.company.id, energyWh: 9_000, at: MAY }),
        refusedStatus: 'Blocked',
      },
    ];
    // One statement per row: D1 binds at most 100 parameters per statement.
    for (const row of rows) {
      const [inserted] = await db.insert(chargingSessions).values(row).returning({ id: chargingSessions.id });
      frSessionId ||= inserted?.id ?? 0;
    }
    admin = await login(op.email, op.password, op.ip);
    fleetManager = await login(fleet.email, fleet.password, fleet.ip);
  });

  const get = async (query: string, who: Session = admin) => {
    const res = await call(`/co2-total?${query}`, who);
    expect(res.status).toBe(200);
    return (await res.json()) as Total;
  };

  it('equals the hand computation over two countries and a renewable station, per month and in total', async () => {
    const body = await get('from=2025-05&to=2025-06');
    // FR 20 kWh car: 21,056 − 1,160 g; DE 10 kWh car: 10,528 − 6,890 g; FR renewable 30 kWh van:
    // 100 km × 9 l diesel × 36 MJ × 94 g = 30,456 − 0 g; child's FR 5 kWh car in June: 5,264 − 290 g.
    expect(body.total).toEqual({
      energy_wh: 65_000,
      sessions: 4,
      baseline_kg: 67.304,
      project_kg: 8.34,
      avoided_kg: 58.964,
      estimated: false,
    });
    expect(body.months.map((m) => [m.month, m.sessions, m.avoided_kg])).toEqual([
      ['2025-05', 3, 53.99],
      ['2025-06', 1, 4.974],
    ]);
    expect(body.factors.map((f) => `${f.basis}:${f.country}:${f.g_per_kwh}:${f.factor_year}`).sort()).toEqual([
      'market_certificate:FR:0:null',
      'residual_mix:DE:689:2023',
      'residual_mix:FR:58:2023',
    ]);
    expect(body.method.residual_mix_source.year).toBe(2023);
  });

  it('narrows to a company of the subtree and refuses one outside it', async () => {
    const body = await get(`from=2025-05&to=2025-06&company_id=${child.id}`);
    expect(body.total).toMatchObject({ sessions: 1, avoided_kg: 4.974 });
    await expectError(await call(`/co2-total?company_id=${foreign.id}`, admin), 404, {
      code: 'NOT_FOUND',
      message: `Company id: ${foreign.id} not found.`,
    });
  });

  it("counts a fleet's own drivers' sessions in the fleet perspective, wherever they charged in scope", async () => {
    const body = await get('perspective=fleet&from=2025-05&to=2025-05', fleetManager);
    // The car driver's 20 kWh in FR and the van's 30 kWh renewable; their 50 kWh abroad also counts: it
    // is the fleet's own driver (21,056 + 30,456 + 52,640 − 1,160 − 2,900 g).
    expect(body.total).toMatchObject({ sessions: 3, energy_wh: 100_000, avoided_kg: 100.092 });
    // Without a perspective, a fleet manager gets the fleet's.
    expect((await get('from=2025-05&to=2025-05', fleetManager)).total.avoided_kg).toBe(100.092);
    expect((await call('/co2-total?perspective=network', fleetManager)).status).toBe(403);
    expect((await call('/co2-total?perspective=fleet', admin)).status).toBe(403);
  });

  it("applies the company's baseline overrides and returns to the defaults", async () => {
    const put = await call('/co2-baselines', {
      ...admin,
      method: 'PUT',
      json: {
        vehicle_classes: [{ vehicle_class: 'car', ev_kwh_per_100km: 10, ice_litres_per_100km: null, fuel: null }],
      },
    });
    expect(put.status).toBe(200);
    const saved = (await put.json()) as {
      vehicle_classes: { vehicle_class: string; ev_kwh_per_100km: number; overridden: boolean }[];
    };
    expect(saved.vehicle_classes.find((c) => c.vehicle_class === 'car')).toMatchObject({
      ev_kwh_per_100km: 10,
      overridden: true,
    });
    // Cars now go twice as far per kWh: 42,112 + 21,056 + 30,456 + 10,528 g of fuel avoided.
    expect((await get('from=2025-05&to=2025-06')).total).toMatchObject({ baseline_kg: 104.152, avoided_kg: 95.812 });
    await call('/co2-baselines', { ...admin, method: 'PUT', json: { vehicle_classes: [] } });
    expect((await get('from=2025-05&to=2025-06')).total.avoided_kg).toBe(58.964);
  });

  it('shows the CO2 of one session in its detail', async () => {
    const res = await call(`/sessions/${frSessionId}`, admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { co2: unknown }).co2).toEqual({
      baseline_kg: 21.056,
      project_kg: 1.16,
      avoided_kg: 19.896,
      vehicle_class: 'car',
      basis: 'residual_mix',
      country: 'FR',
      g_per_kwh: 58,
      factor_year: 2023,
      estimated: false,
    });
  });

  it('validates the period and the overrides', async () => {
    await expectError(await call('/co2-total?from=2025-06&to=2025-01', admin), 400, {
      code: 'VALIDATION_FAILED',
      field: 'from',
      message: 'Some validation errors, fix them before resubmitting.',
    });
    const bad = await call('/co2-baselines', {
      ...admin,
      method: 'PUT',
      json: {
        vehicle_classes: [{ vehicle_class: 'car', ev_kwh_per_100km: 0, ice_litres_per_100km: null, fuel: null }],
      },
    });
    expect(bad.status).toBe(400);
  });
});
