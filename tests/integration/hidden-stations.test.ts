import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions, connectorStatusHistory } from '../../drizzle/schema';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

const H = 3_600_000;

/**
 * What a hidden station means, place by place (ADR 025): it leaves what describes the network now
 * (lists, map, totals, the city choices, availability KPIs) and stays in the records of what happened
 * on it (session lists), which were real charges.
 */
describe('hidden stations', () => {
  let admin: Session;
  const tag = unique('HID');
  const visibleCity = `${tag}-Visible`;
  const hiddenCity = `${tag}-Hidden`;
  let hiddenUid: string;

  beforeAll(async () => {
    const w = await world({ roles: [37], company: { cpms: 'public', timeZone: 'UTC' } });
    const shown = await createStation(db, { uid: `${tag}-A`, companyId: w.company.id, city: visibleCity });
    const hidden = await createStation(db, { uid: `${tag}-B`, companyId: w.company.id, city: hiddenCity });
    hiddenUid = hidden.uid;
    const a = await createConnector(db, { stationId: shown.id, connectorNumber: 1, uid: `${tag}-A-1` });
    const b = await createConnector(db, { stationId: hidden.id, connectorNumber: 1, uid: `${tag}-B-1` });
    const start = Date.UTC(2025, 2, 1);
    await db.insert(connectorStatusHistory).values([
      { connectorId: a.id, status: 'available', at: new Date(start - 24 * H) },
      // The retired station was offline the whole day: while visible it halves the availability.
      { connectorId: b.id, status: 'offline', at: new Date(start - 24 * H) },
    ]);
    await db.insert(chargingSessions).values({
      cdrId: `${tag}-cdr`,
      stationId: hidden.id,
      connectorNumber: 1,
      companyId: w.company.id,
      startKey: `${tag}-cdr`,
      startAt: new Date(start + H),
      meterStartWh: 0,
      authId: `${tag}-AUTH`,
      status: 'closed',
      endAt: new Date(start + 2 * H),
      energyWh: 4000,
      durationS: 3600,
      chargingMinutes: 55,
    });
    admin = await login(w.email, w.password, w.ip);
  });

  const cities = async () =>
    ((await (await call('/station-cities', admin)).json()) as { data: { name: string }[] }).data.map((c) => c.name);
  const day = async () =>
    (await (await call('/kpi/availability/2025/3/1', admin)).json()) as { availability: number; connectors: number };
  const sessions = async () => {
    const res = await call('/connectors/sessions', { ...admin, json: { keyword: tag } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: string }[]; total: number }).total;
  };

  it('counts a visible station everywhere', async () => {
    expect(await cities()).toEqual(expect.arrayContaining([visibleCity, hiddenCity]));
    expect(await day()).toMatchObject({ connectors: 2, availability: 0.5 });
    expect(await sessions()).toBe(1);
  });

  it('once hidden: out of the city choices and the availability KPI, still in the session lists', async () => {
    const res = await call(`/stations/${hiddenUid}/hide`, { ...admin, method: 'PUT', json: { hidden: true } });
    expect(res.status).toBe(200);
    const now = await cities();
    expect(now).toContain(visibleCity);
    expect(now).not.toContain(hiddenCity);
    expect(await day()).toMatchObject({ connectors: 1, availability: 1 });
    expect(await sessions()).toBe(1);
  });
});
