/** The imported stations' next steps: their onboarding states and "run peering / publish" over all of them. */
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureStationTemplates } from '../../drizzle/seed/station-templates';
import { BASE, call, db, expectError, failOnConsoleError, login, type Session, sql, unique, world } from './helpers';

failOnConsoleError();

const ONBOARD = 2;
const HPC = '"Alpitronic HYC150 (2 × CCS2, 150 kW)"';
const HEADER = 'template,ocpp_id,name,address,postal_code,city,country,latitude,longitude';

interface State {
  stationId: number;
  uid: string;
  steps: { step: string; status: string; message: string | null; attempts: number }[];
}

describe('imported stations: peering and publish steps', () => {
  let admin: Session;
  let viewer: Session;
  let outsider: Session;
  let ids: number[] = [];
  const tag = unique('IMS')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

  beforeAll(async () => {
    await ensureStationTemplates(db);
    const a = await world({ roles: [37], company: { cpms: 'public', services: [ONBOARD] } });
    const v = await world({
      roles: [32],
      company: { cpms: 'public', services: [ONBOARD] },
      user: { companyId: a.company.id },
    });
    const o = await world({ roles: [37], company: { cpms: 'public', services: [ONBOARD] } });
    [admin, viewer, outsider] = await Promise.all([
      login(a.email, a.password, a.ip),
      login(v.email, v.password, v.ip),
      login(o.email, o.password, o.ip),
    ]);
    const file = `${HEADER}\n${HPC},${tag}-A,Quai 1,Quai Cronstadt,83000,Toulon,FR,43.1205,5.9335\n${HPC},${tag}-B,Quai 2,Quai Cronstadt,83000,Toulon,FR,43.1206,5.9336\n`;
    const res = await SELF.fetch(`${BASE}/api/stations/import`, {
      method: 'POST',
      headers: { cookie: `sid=${admin.cookie}`, 'cf-connecting-ip': admin.ip ?? '', 'content-type': 'text/csv' },
      body: new TextEncoder().encode(file),
    });
    expect(res.status).toBe(200);
    ids = ((await res.json()) as { stations: { id: number }[] }).stations.map((s) => s.id);
    expect(ids).toHaveLength(2);
  });

  const states = (who: Session, json: unknown) => call('/stations/onboarding/states', { ...who, json });
  const run = (who: Session, json: unknown) => call('/stations/onboarding/run', { ...who, json });
  const stepOf = (s: State, step: string) => s.steps.find((x) => x.step === step);

  it('shows each imported station created, with peering and publish not tried yet', async () => {
    const res = await states(admin, { station_ids: ids });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: State[]; failed: number };
    expect(body.data.map((s) => s.stationId)).toEqual(ids);
    for (const s of body.data) {
      expect(stepOf(s, 'create')).toMatchObject({ status: 'done' });
      expect(stepOf(s, 'peering')).toMatchObject({ status: 'pending', attempts: 0 });
      expect(stepOf(s, 'publish')).toMatchObject({ status: 'pending', attempts: 0 });
    }
  });

  it('runs peering then publish for all of them and records the same failures as a single station (no peering)', async () => {
    const res = await run(admin, { station_ids: ids });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: State[]; failed: number };
    expect(body.failed).toBe(4);
    for (const s of body.data) {
      expect(stepOf(s, 'peering')).toMatchObject({
        status: 'failed',
        attempts: 1,
        message:
          'Peering failed: no peering is configured for this company yet. Retry later or contact your administrator.',
      });
      expect(stepOf(s, 'publish')).toMatchObject({ status: 'failed', attempts: 1 });
    }
    // The single-station retry answers the same message for the same station.
    const single = await call(`/stations/${body.data[0]?.uid}/onboarding/peering`, { ...admin, method: 'POST' });
    const msg = ((await single.json()) as { 'error-msg': string })['error-msg'];
    expect(msg).toBe(stepOf(body.data[0] as State, 'peering')?.message);
    // Only publish again: peering keeps its attempts (2 after the single retry), publish counts 2.
    const again = (await (await run(admin, { station_ids: ids, steps: ['publish'] })).json()) as { data: State[] };
    expect(stepOf(again.data[1] as State, 'peering')?.attempts).toBe(1);
    expect(stepOf(again.data[1] as State, 'publish')?.attempts).toBe(2);
  });

  it("answers 404 for another company's station and changes nothing", async () => {
    const before = await sql(
      'SELECT count(*) AS n FROM station_onboarding_steps WHERE station_id IN (?, ?)',
      ids[0],
      ids[1],
    );
    await expectError(await run(outsider, { station_ids: [ids[0]] }), 404, {
      code: 'STATION_NOT_FOUND',
      message: `Station id: ${ids[0]} not found.`,
    });
    const after = await sql(
      'SELECT count(*) AS n FROM station_onboarding_steps WHERE station_id IN (?, ?)',
      ids[0],
      ids[1],
    );
    expect(after.results).toEqual(before.results);
  });

  it('validates the ids and needs the onboarding permission', async () => {
    expect((await run(admin, { station_ids: [] })).status).toBe(400);
    expect((await run(admin, { station_ids: ids, steps: ['create'] })).status).toBe(400);
    expect((await run(admin, { station_ids: Array.from({ length: 201 }, (_, i) => i + 1) })).status).toBe(400);
    expect((await states(viewer, { station_ids: ids })).status).toBe(403);
  });
});
