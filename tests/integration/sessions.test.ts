import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { VARIANT_COLUMNS } from '../../domain/sessions/variants';
import { chargingSessions } from '../../drizzle/schema';
import { createCompany, createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

type Row = Record<string, string | number | boolean | null>;
interface Page {
  variant: string;
  variants: string[];
  columns: { key: string }[];
  data: Row[];
  total: number;
  sums: Record<string, number | null>;
  unpriced: number;
}

const H = 3_600_000;
const T0 = Date.UTC(2026, 5, 1, 8, 0);

describe('sessions API', () => {
  const tag = unique('SES');
  let operator: World;
  let fleet: World;
  let admin: Session;
  let fleetManager: Session;
  let outsiderConnector: number;
  let connectorA: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    operator = await world({ roles: [37], company: { cpms: 'public', empServices: true } });
    fleet = await world({ roles: [35], company: { isEvfleet: true } });
    const driver = await createUser(db, { companyId: fleet.company.id, email: `${unique('driver')}@example.test` });
    const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
    const stA = await createStation(db, {
      uid: `${tag}-A`,
      name: `${tag} Public`,
      companyId: operator.company.id,
      type: 'public',
    });
    const stW = await createStation(db, {
      uid: `${tag}-W`,
      name: `${tag} Work`,
      companyId: operator.company.id,
      type: 'work',
    });
    const stX = await createStation(db, { uid: `${tag}-X`, name: `${tag} Other`, companyId: outsider.id });
    const cA = await createConnector(db, {
      stationId: stA.id,
      connectorNumber: 1,
      uid: `${tag}-A-1`,
      evseId: `FR*T*${tag}A1`,
    });
    const cW = await createConnector(db, { stationId: stW.id, connectorNumber: 1, uid: `${tag}-W-1` });
    const cX = await createConnector(db, { stationId: stX.id, connectorNumber: 1, uid: `${tag}-X-1` });
    connectorA = cA.id;
    outsiderConnector = cX.id;
    const base = (name: string, station: typeof stA, connector: number, start: number) => ({
      cdrId: `${tag}-${name}`,
      stationId: station.id,
      connectorId: connector,
      connectorNumber: 1,
      companyId: station.companyId,
      ownerCompanyId: station.ownerCompanyId,
      startKey: `${tag}-${name}`,
      startAt: new Date(start),
      meterStartWh: 0,
      stationName: station.name,
      authId: `AUTH-${name}`,
      connectorEvseId: `${tag}-EVSE`,
    });
    const closed = (start: number, wh: number) => ({
      status: 'closed' as const,
      endAt: new Date(start + H),
      energyWh: wh,
      durationS: 3600,
      chargingMinutes: 50,
      parkingS: 600,
      meterCurveJson: JSON.stringify([
        [start, 7000, 0, 10, 230, 40],
        [start + 30 * 60_000, 11000, 4000, 16, 231, 55],
      ]),
    });
    const rows = {
      rfid: {
        ...base('rfid', stA, cA.id, T0),
        ...closed(T0, 10_000),
        userId: driver.id,
        userEmail: driver.email,
        startMethod: 'RFID',
        pricingStatus: 'priced' as const,
        empTotal: 468,
        empNetTotal: 390,
        empNetEnergy: 390,
        empEnergy: 468,
        vatValue: 78,
        subcpoTotal: 300,
        ownerTotal: 250,
      },
      qr: {
        ...base('qr', stA, cA.id, T0 + 24 * H),
        ...closed(T0 + 24 * H, 20_000),
        startMethod: 'QR',
        pricingStatus: 'priced' as const,
        empTotal: 936,
        empNetTotal: 780,
        subcpoTotal: 600,
        subcpoEnergy: 600,
        ownerTotal: 500,
      },
      live: {
        ...base('live', stW, cW.id, T0 + 48 * H),
        userId: driver.id,
        userEmail: driver.email,
        startMethod: 'RFID',
      },
      pos: {
        ...base('pos', stA, cA.id, T0 + 72 * H),
        ...closed(T0 + 72 * H, 5_000),
        authId: 'EP-123456',
        startMethod: 'APP',
        needsRevision: 1,
        stationName: '=HYPERLINK("http://x")',
        pricingNote: 'No tariff applies',
      },
      other: { ...base('other', stX, cX.id, T0), ...closed(T0, 9_000), userId: driver.id, startMethod: 'RFID' },
    };
    for (const [name, values] of Object.entries(rows)) {
      const [row] = await db.insert(chargingSessions).values(values).returning({ id: chargingSessions.id });
      ids[name] = row?.id ?? 0;
    }
    [admin, fleetManager] = await Promise.all([
      login(operator.email, operator.password, operator.ip),
      login(fleet.email, fleet.password, fleet.ip),
    ]);
  });

  const network = async (json: Record<string, unknown>, who: Session = admin) => {
    const res = await call('/connectors/sessions', { ...who, json: { keyword: tag, ...json } });
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  };
  const cdrs = (p: Page) => p.data.map((r) => r.id).sort();
  const idsOf = (...names: string[]) => names.map((n) => ids[n]).sort();

  it('lists the network sessions of the company tree in the provider variant, with its columns and sums', async () => {
    const p = await network({});
    expect(p.variant).toBe('emp');
    expect(p.variants).toEqual(['emp', 'multiflow', 'subcpo_groups', 'subcpo_mps', 'owner_groups', 'owner_mps']);
    expect(p.columns.map((c) => c.key)).toEqual(VARIANT_COLUMNS.emp.map((c) => c.key));
    expect(cdrs(p)).toEqual(idsOf('rfid', 'qr', 'live', 'pos'));
    expect(p.total).toBe(4);
    expect(p.sums.cdr_consumed_energy).toBe(35_000);
    expect(p.sums.emp_price_total).toBe(468 + 936);
    expect(p.unpriced).toBe(2);
    const pos = p.data.find((r) => r.id === ids.pos);
    expect(pos?.start_method).toBe('POS');
    expect(pos?.emp_price_total).toBeNull();
    expect(pos?.pricing_status).toBe('unpriced');
  });

  it('groups variants leave out payment-service sessions and personal data; MPS variants hide QR party prices', async () => {
    const groups = await network({ variant: 'subcpo_groups' });
    expect(cdrs(groups)).toEqual(idsOf('rfid', 'live'));
    expect(Object.keys(groups.data[0] ?? {})).not.toContain('user_email');
    expect(groups.sums.subcpo_price_total).toBe(300);
    const mps = await network({ variant: 'subcpo_mps' });
    expect(cdrs(mps)).toEqual(idsOf('qr', 'pos'));
    const qr = mps.data.find((r) => r.id === ids.qr);
    expect(qr?.emp_price_total).toBe(936);
    expect(qr?.subcpo_price_total).toBeNull();
    expect(qr?.qr_payment).toBe(true);
    expect(mps.sums.subcpo_price_total).toBeNull();
    const multi = await network({ variant: 'multiflow' });
    expect(multi.columns.map((c) => c.key)).toContain('owner_price_total');
    expect(multi.sums.owner_price_total).toBe(250);
  });

  it('filters by status, revision, station, period and sorts and paginates', async () => {
    expect(cdrs(await network({ status: 'in_progress' }))).toEqual(idsOf('live'));
    expect(cdrs(await network({ needs_revision: true }))).toEqual(idsOf('pos'));
    const period = await network({
      from: new Date(T0 + 12 * H).toISOString(),
      to: new Date(T0 + 60 * H).toISOString(),
    });
    expect(cdrs(period)).toEqual(idsOf('qr', 'live'));
    const byEnergy = await network({ sort: 'cdr_consumed_energy', direction: 'asc', status: 'closed' });
    expect(byEnergy.data.map((r) => r.id)).toEqual([ids.pos, ids.rfid, ids.qr]);
    const page = await network({ items_per_page: 1, page: 1, direction: 'asc' });
    expect(page.data.map((r) => r.id)).toEqual([ids.qr]);
    expect(page.total).toBe(4);
    const empty = await network({ user_id: 999_999 });
    expect(empty).toMatchObject({ total: 0, data: [] });
  });

  it('demo mode replaces e-mails and codes with placeholders 1000–5000', async () => {
    const p = await network({ demo: true, status: 'closed' });
    const rfid = p.data.find((r) => r.id === ids.rfid);
    expect(String(rfid?.user_email)).toMatch(/^\d{4}$/);
    expect(Number(rfid?.user_email)).toBeGreaterThanOrEqual(1000);
    expect(Number(rfid?.user_email)).toBeLessThanOrEqual(5000);
  });

  it('fleet managers see their drivers where they charged, VAT excluded or included', async () => {
    const work = await call('/sessions/fleet/work', { ...fleetManager, json: {} });
    expect(work.status).toBe(200);
    expect(cdrs((await work.json()) as Page)).toEqual(idsOf('live'));
    const roaming = (await (await call('/sessions/fleet/roaming', { ...fleetManager, json: {} })).json()) as Page;
    // The driver's session at another operator counts too: the fleet owns the driver, not the station.
    expect(cdrs(roaming)).toEqual(idsOf('rfid', 'other'));
    expect(roaming.columns.map((c) => c.key)).toEqual(VARIANT_COLUMNS.fleet.map((c) => c.key));
    expect(roaming.sums.emp_price_net_total).toBe(390);
    const home = (await (await call('/sessions/fleet/home', { ...fleetManager, json: {} })).json()) as Page;
    expect(home.total).toBe(0);
    const mps = (await (
      await call('/sessions/fleet/roaming', { ...fleetManager, json: { variant: 'fleet_mps' } })
    ).json()) as Page;
    expect(mps.columns.map((c) => c.key)).toContain('emp_price_total');
  });

  it("keeps drivers' plates, employee numbers and cost centres from roles 59 and 60 (issue 24)", async () => {
    const email = `${unique('rfid')}@example.test`;
    await createUser(
      db,
      { companyId: fleet.company.id, email, password: 'correct horse battery', roles: [59] },
      { iterations: 1000 },
    );
    const rfidManager = await login(email, 'correct horse battery');
    const personal = ['child_plate', 'child_employee_id', 'child_cost_center'];
    const seen = (await (await call('/sessions/fleet/roaming', { ...rfidManager, json: {} })).json()) as Page;
    expect(cdrs(seen)).toEqual(idsOf('rfid', 'other'));
    expect(seen.columns.map((c) => c.key)).toEqual(
      VARIANT_COLUMNS.fleet.map((c) => c.key).filter((k) => !personal.includes(k)),
    );
    for (const row of seen.data) for (const key of personal) expect(row).not.toHaveProperty(key);
    const csv = await (await call('/sessions/fleet/roaming', { ...rfidManager, json: { format: 'csv' } })).text();
    const managerCsv = await (
      await call('/sessions/fleet/roaming', { ...fleetManager, json: { format: 'csv' } })
    ).text();
    const header = (text: string) => text.split('\n')[0]?.split(';').length ?? 0;
    expect(header(csv)).toBe(header(managerCsv) - personal.length);
    const full = (await (await call('/sessions/fleet/roaming', { ...fleetManager, json: {} })).json()) as Page;
    expect(full.columns.map((c) => c.key)).toEqual(expect.arrayContaining(personal));
  });

  it('refuses other audiences and variants', async () => {
    await expectError(await call('/connectors/sessions', { ...fleetManager, json: {} }), 403, {
      code: 'FORBIDDEN',
      message: "Forbidden resource. You don't have the permission to request this resource.",
    });
    expect((await call('/sessions/fleet/work', { ...admin, json: {} })).status).toBe(403);
    expect((await call('/sessions/fleet/work', { ...fleetManager, json: { variant: 'emp' } })).status).toBe(403);
    expect((await call('/connectors/sessions', { ...admin, json: { variant: 'fleet' } })).status).toBe(403);
    expect((await call('/connectors/sessions', { json: {} })).status).toBe(401);
    const invalid = await call('/connectors/sessions', { ...admin, json: { items_per_page: 500 } });
    expect(invalid.status).toBe(400);
    expect((await call('/connectors/sessions', { ...admin, json: { bogus: 1 } })).status).toBe(400);
  });

  it('lists one connector’s sessions; another company’s connector is 404', async () => {
    const res = await call(`/connectors/${connectorA}/sessions`, { ...admin, json: {} });
    expect(res.status).toBe(200);
    expect(cdrs((await res.json()) as Page)).toEqual(idsOf('rfid', 'qr', 'pos'));
    await expectError(await call(`/connectors/${outsiderConnector}/sessions`, { ...admin, json: {} }), 404, {
      code: 'CONNECTOR_NOT_FOUND',
      message: `Connector id: ${outsiderConnector} not found.`,
    });
  });

  it('shows one session with every CDR field, the prices per party and the curve; other companies’ are 404', async () => {
    const res = await call(`/sessions/${ids.rfid}`, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      session: Row;
      parties: { party: string; priced: boolean; lines: { key: string; value: number | null }[] }[];
      curve: number[][];
      engineer: boolean;
    };
    expect(body.session).toMatchObject({ cdr_id: `${tag}-rfid`, cdr_consumed_energy: 10_000, status: 'closed' });
    expect(body.parties.find((p) => p.party === 'emp')?.lines).toContainEqual({ key: 'total', value: 468 });
    expect(body.curve).toHaveLength(2);
    expect(body.engineer).toBe(true);
    const qr = (await (await call(`/sessions/${ids.qr}`, admin)).json()) as typeof body;
    expect(qr.parties.find((p) => p.party === 'subcpo')).toMatchObject({ priced: false });
    const pos = (await (await call(`/sessions/${ids.pos}`, admin)).json()) as typeof body & {
      parties: { reason: string | null }[];
    };
    expect(pos.session.start_method).toBe('POS');
    expect(pos.parties[0]).toMatchObject({ priced: false, reason: 'No tariff applies' });
    await expectError(await call(`/sessions/${ids.other}`, admin), 404, {
      code: 'SESSION_NOT_FOUND',
      message: 'Not found',
    });
    // The fleet manager sees the driver's sessions, not the operator's QR session.
    expect((await call(`/sessions/${ids.rfid}`, fleetManager)).status).toBe(200);
    expect((await call(`/sessions/${ids.qr}`, fleetManager)).status).toBe(404);
  });

  it('lists active sessions for operators and fleets', async () => {
    const net = (await (await call('/sessions/active', admin)).json()) as { data: Row[] };
    expect(net.data.map((r) => r.id)).toContain(ids.live);
    expect(net.data.every((r) => r.id !== ids.rfid)).toBe(true);
    const fl = (await (await call('/sessions/fleet/active', fleetManager)).json()) as { data: Row[] };
    expect(fl.data.map((r) => r.id)).toEqual([ids.live]);
    expect((await call('/sessions/active', fleetManager)).status).toBe(403);
  });

  it('exports the filtered list as XLSX and CSV with formulas neutralised, and as PDF', async () => {
    const xlsx = await call('/connectors/sessions', { ...admin, json: { keyword: tag, format: 'xlsx' } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(xlsx.headers.get('x-export-rows')).toBe('4');
    const files = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(sheet.match(/<row /g)).toHaveLength(5);
    expect(sheet).toContain('>Start</t>');
    expect(sheet).toContain(`'=HYPERLINK(&quot;http://x&quot;)`);
    expect(sheet).toContain('>unpriced</t>');
    expect(sheet).not.toContain('<f>');
    const csv = await call('/connectors/sessions', { ...admin, json: { keyword: tag, format: 'csv' } });
    const text = await csv.text();
    expect(text.trim().split('\r\n')).toHaveLength(5);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const pdf = await call('/connectors/sessions', { ...admin, json: { keyword: tag, format: 'pdf' } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });
});
