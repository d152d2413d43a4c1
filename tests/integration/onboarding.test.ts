/**
 * Station onboarding (issue 4 part 7): templates, create from template (online with credentials shown
 * once, offline with setting 27), the peering / publish steps recorded while no peering exists,
 * commissioning status, hiding and moving stations, the import template; each with validation,
 * permission denied and another company's station or company.
 */
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../domain/identity/password';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { ensureStationTemplates, STATION_TEMPLATES } from '../../drizzle/seed/station-templates';
import {
  call,
  db,
  expectError,
  failOnConsoleError,
  login,
  type Session,
  sql,
  unique,
  type World,
  world,
} from './helpers';

failOnConsoleError();

const ONBOARD = 2;
const OFFLINE = 27;
const OPERATOR = { cpms: 'public' as const, services: [ONBOARD, OFFLINE] };

interface Template {
  id: number;
  name: string;
  connectors: { connectorNumber: number; plugType: string; maxPowerW: number }[];
}
interface Created {
  station: { id: number; uid: string; mode: string; connectors: { uid: string; evseId: string }[] };
  credentials: { ocppId: string; password: string; path: string } | null;
  onboarding: { steps: { step: string; status: string; message: string | null; attempts: number }[] };
}

const place = {
  name: 'Quai Cronstadt 1',
  address: 'Quai Cronstadt',
  postalCode: '83000',
  city: 'Toulon',
  country: 'FR',
  latitude: '43.1205',
  longitude: 5.9335,
  timeZone: 'Europe/Paris',
};

describe('station onboarding', () => {
  let admin: World;
  let session: Session;
  let onboarder: Session;
  let viewer: Session;
  let noOffline: Session;
  let noService: Session;
  let child: { id: number };
  let outsider: { id: number };
  let foreign: { id: number; uid: string };
  let templates: Template[];
  const tag = unique('ONB').toUpperCase();

  beforeAll(async () => {
    await ensureStationTemplates(db);
    admin = await world({ roles: [37], company: OPERATOR });
    child = await createCompany(db, { name: unique('Child'), parentCompanyId: admin.company.id, cpms: 'private' });
    outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
    foreign = await createStation(db, { uid: `${tag}-F`, name: `${tag} F`, companyId: outsider.id });
    session = await login(admin.email, admin.password, admin.ip);
    const o = await world({ roles: [36], company: OPERATOR, user: { companyId: admin.company.id } });
    onboarder = await login(o.email, o.password, o.ip);
    const v = await world({ roles: [32], company: OPERATOR, user: { companyId: admin.company.id } });
    viewer = await login(v.email, v.password, v.ip);
    const n = await world({ roles: [37], company: { cpms: 'public', services: [ONBOARD] } });
    noOffline = await login(n.email, n.password, n.ip);
    const s = await world({ roles: [37], company: { cpms: 'public', services: [] } });
    noService = await login(s.email, s.password, s.ip);
    templates = ((await (await call('/station-templates', session)).json()) as { data: Template[] }).data;
  });

  const template = (name: string) => {
    const t = templates.find((x) => x.name === name);
    if (!t) throw new Error(`no template ${name}`);
    return t;
  };
  const create = (json: unknown, who: Session = session) => call('/stations/create-from-template', { ...who, json });
  const hpc = () => template('Alpitronic HYC150 (2 × CCS2, 150 kW)');

  it('lists the station templates with brand, model, power type and connectors', async () => {
    expect(templates.map((t) => t.name).sort()).toEqual(STATION_TEMPLATES.map((t) => t.name).sort());
    expect(template('ABB Terra 54 (CCS2 + CHAdeMO + Type 2, 50 kW)')).toMatchObject({
      brand: 'ABB',
      model: 'Terra 54',
      powerType: 'DC',
      connectors: [
        { connectorNumber: 1, plugType: 'CCS2', maxPowerW: 50_000 },
        { connectorNumber: 2, plugType: 'CHAdeMO', maxPowerW: 50_000 },
        { connectorNumber: 3, plugType: 'Type 2', maxPowerW: 43_000 },
      ],
    });
    expect((await call('/station-templates', viewer)).status).toBe(403);
  });

  it('creates an online station: OCPP id and password shown once, stored only as a PBKDF2 hash', async () => {
    const res = await create({ mode: 'online', templateId: hpc().id, ocppId: `${tag}-HPC`, ...place });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Created;
    expect(body.credentials?.ocppId).toBe(`${tag}-HPC`);
    expect(body.credentials?.path).toBe(`/ocpp/${tag}-HPC`);
    expect(body.credentials?.password).toMatch(/^[A-Za-z2-9]{24}$/);
    expect(body.station.connectors.map((c) => c.uid)).toEqual([`${tag}-HPC-1`, `${tag}-HPC-2`]);
    expect(body.station.connectors[0]?.evseId).toMatch(/^FR\*[A-Z0-9]{1,3}\*E[A-Z0-9]+1$/);
    const row = (await sql('SELECT * FROM stations WHERE uid = ?', `${tag}-HPC`)).results[0] as Record<string, unknown>;
    expect(row).toMatchObject({
      company_id: admin.company.id,
      template: hpc().name,
      brand: 'Alpitronic',
      model: 'HYC150',
      power_type: 'DC',
      latitude: 43.1205,
      offline: 0,
      registration: 'accepted',
      commissioning_status: 'to_commission',
    });
    const hash = String(row.ocpp_password_hash);
    expect(hash.startsWith('pbkdf2-sha256$100000$')).toBe(true);
    expect(await verifyPassword(body.credentials?.password ?? '', hash)).toBe(true);
    // The audit row records the creation, never the password.
    const audit = await sql(
      "SELECT detail_json FROM audit_log WHERE action = 'station.create_from_template' AND entity_id = ?",
      `${tag}-HPC`,
    );
    const detail = String((audit.results[0] as { detail_json: string }).detail_json);
    expect(detail).not.toContain(body.credentials?.password ?? '?');
    expect(JSON.parse(detail)).toEqual({ mode: 'online', template: hpc().name, credentialsIssued: true });
    // The steps: created, then peering and publish tried and recorded as failed (no peering configured).
    expect(body.onboarding.steps).toEqual([
      expect.objectContaining({ step: 'create', status: 'done', attempts: 1 }),
      expect.objectContaining({
        step: 'peering',
        status: 'failed',
        attempts: 1,
        message:
          'Peering failed: no peering is configured for this company yet. Retry later or contact your administrator.',
      }),
      expect.objectContaining({
        step: 'publish',
        status: 'failed',
        attempts: 1,
        message:
          'Publishing on the e-mobility platform failed: no peering is configured for this company yet. Retry later.',
      }),
    ]);
    // Shown once: the state read afterwards carries no credentials.
    const state = await call(`/stations/${tag}-HPC/onboarding`, session);
    expect(state.status).toBe(200);
    expect(JSON.stringify(await state.json())).not.toContain(body.credentials?.password ?? '?');
  });

  it('generates an OCPP id when none is given, and refuses a taken or malformed one', async () => {
    const res = await create({ mode: 'online', templateId: hpc().id, ...place }, onboarder);
    expect(res.status).toBe(201);
    const body = (await res.json()) as Created;
    expect(body.station.uid).toMatch(/^[A-Z0-9]{1,8}-[A-Z2-9]{8}$/);
    await expectError(await create({ mode: 'online', templateId: hpc().id, ocppId: `${tag}-HPC`, ...place }), 409, {
      code: 'OCPP_ID_TAKEN',
      message: `A station with the OCPP id ${tag}-HPC already exists.`,
      field: 'ocppId',
    });
    await expectError(await create({ mode: 'online', templateId: hpc().id, ocppId: 'a/b c', ...place }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'The OCPP id may only contain letters, digits and . _ : * + - | @ (at most 48 characters).',
      field: 'ocppId',
    });
  });

  it('refuses a station without its mandatory fields or with a comma coordinate, naming every field', async () => {
    const res = await create({ mode: 'online', templateId: hpc().id, ...place, city: '', latitude: '43,12' });
    const body = await expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Station creation failed: fill in the mandatory fields and check the coordinate format.',
      field: 'city',
    });
    expect((body as unknown as { issues: { field: string }[] }).issues.map((i) => i.field)).toEqual([
      'city',
      'latitude',
    ]);
    await expectError(await create({ mode: 'online', templateId: 999_999, ...place }), 404, {
      code: 'TEMPLATE_NOT_FOUND',
      message: 'Station template id: 999999 not found.',
    });
    expect((await create({ mode: 'sideways', templateId: hpc().id, ...place })).status).toBe(400);
  });

  it("refuses an operator or owner outside the caller's tree", async () => {
    await expectError(await create({ mode: 'online', templateId: hpc().id, ...place, companyId: outsider.id }), 400, {
      code: 'VALIDATION_FAILED',
      message: `Company id: ${outsider.id} is not in your scope or does not operate stations.`,
      field: 'companyId',
    });
    await expectError(await create({ mode: 'online', templateId: hpc().id, ...place, ownerId: outsider.id }), 400, {
      code: 'VALIDATION_FAILED',
      message: `Company id: ${outsider.id} is not in your scope or does not operate stations.`,
      field: 'ownerId',
    });
    const forChild = await create({ mode: 'online', templateId: hpc().id, ...place, companyId: child.id });
    expect(forChild.status).toBe(201);
  });

  it('creates an offline station without OCPP credentials, only with service setting 27', async () => {
    const witty = template('Hager witty share (Type 2 + Schuko, 7.4 kW)');
    const res = await create({ mode: 'offline', templateId: witty.id, ...place });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Created;
    expect(body.credentials).toBeNull();
    expect(body.station.uid).toMatch(/^OFFLINE-/);
    const row = (await sql('SELECT offline, ocpp_password_hash, url_type FROM stations WHERE id = ?', body.station.id))
      .results[0];
    expect(row).toEqual({ offline: 1, ocpp_password_hash: null, url_type: null });
    await expectError(await create({ mode: 'offline', templateId: witty.id, ...place }, noOffline), 403, {
      code: 'FORBIDDEN',
      message: "Forbidden resource. You don't have the permission to request this resource.",
    });
    expect((await create({ mode: 'online', templateId: witty.id, ...place }, noOffline)).status).toBe(201);
  });

  it('needs the create-stations role and service setting 2', async () => {
    expect((await create({ mode: 'online', templateId: hpc().id, ...place }, viewer)).status).toBe(403);
    expect((await create({ mode: 'online', templateId: hpc().id, ...place }, noService)).status).toBe(403);
    expect((await call('/stations/import-template', viewer)).status).toBe(403);
  });

  it('retries peering and publish: each attempt is recorded and answered with the spec failure', async () => {
    const uid = `${tag}-HPC`;
    await expectError(await call(`/stations/${uid}/onboarding/peering`, { ...session, method: 'POST' }), 409, {
      code: 'PEERING_FAILED',
      message:
        'Peering failed: no peering is configured for this company yet. Retry later or contact your administrator.',
    });
    await expectError(await call(`/stations/${uid}/publish-on-emp/gireve`, { ...session, method: 'POST' }), 409, {
      code: 'PUBLISH_FAILED',
      message:
        'Publishing on the e-mobility platform failed: no peering is configured for this company yet. Retry later.',
    });
    expect((await call(`/stations/${uid}/bind-peering/gireve`, { ...session, method: 'PUT' })).status).toBe(409);
    await expectError(await call(`/stations/${uid}/bind-peering/gireve`, { ...session, method: 'DELETE' }), 404, {
      code: 'PEERING_NOT_FOUND',
      message: 'Peering id: gireve not found: no peering is configured yet.',
    });
    const state = (await (await call(`/stations/${uid}/onboarding`, session)).json()) as Created['onboarding'];
    expect(state.steps.map((s) => [s.step, s.status, s.attempts])).toEqual([
      ['create', 'done', 1],
      ['peering', 'failed', 3],
      ['publish', 'failed', 2],
    ]);
    expect((await call(`/stations/${uid}/onboarding/unknown`, { ...session, method: 'POST' })).status).toBe(400);
    expect((await call(`/stations/${uid}/onboarding/peering`, { ...viewer, method: 'POST' })).status).toBe(403);
    for (const path of [`/stations/${foreign.uid}/onboarding`, `/stations/${foreign.uid}/onboarding/peering`]) {
      await expectError(await call(path, { ...session, method: path.endsWith('peering') ? 'POST' : 'GET' }), 404, {
        code: 'STATION_NOT_FOUND',
        message: `Station uid: ${foreign.uid} not found.`,
      });
    }
  });

  it('changes the commissioning status; commissioning sets the commissioning date once', async () => {
    const id = Number(
      ((await sql('SELECT id FROM stations WHERE uid = ?', `${tag}-HPC`)).results[0] as { id: number }).id,
    );
    const put = (json: unknown, who: Session = session, target = id) =>
      call(`/stations/${target}/type-status`, { ...who, method: 'PUT', json });
    const res = await put({ status: 'commissioned', visibility: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, commissioningStatus: 'commissioned', visibleInApp: false });
    const row = (await sql('SELECT commissioning_date FROM stations WHERE id = ?', id)).results[0] as {
      commissioning_date: string;
    };
    expect(row.commissioning_date).toBe(new Date().toISOString().slice(0, 10));
    expect((await put({ status: 'working' })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    expect((await put({ status: 'commissioning' }, viewer)).status).toBe(403);
    await expectError(await put({ status: 'commissioned' }, session, foreign.id), 404, {
      code: 'STATION_NOT_FOUND',
      message: `Station id: ${foreign.id} not found.`,
    });
    const audit = await sql(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'station.type_status' AND entity_id = ?",
      String(id),
    );
    expect(audit.results[0]).toEqual({ n: 1 });
  });

  it('hides a station from the lists and the map; only administrators unhide it', async () => {
    const station = await createStation(db, {
      uid: `${tag}-HIDE`,
      name: `${tag} hidden`,
      companyId: admin.company.id,
      latitude: 45,
      longitude: 4,
    });
    await createConnector(db, { stationId: station.id, connectorNumber: 1, uid: `${tag}-HIDE-1`, status: 'available' });
    const listed = async () => {
      const connectorsRes = await call('/connectors', { ...session, json: { keyword: `${tag}-HIDE` } });
      const stationsRes = await call('/stations', { ...session, json: { keyword: `${tag}-HIDE` } });
      const markers = await call('/connectors/map-markers', { ...session, json: {} });
      const m = (await markers.json()) as { markers: { id: number }[] };
      return {
        connectors: ((await connectorsRes.json()) as { total: number }).total,
        stations: ((await stationsRes.json()) as { total: number }).total,
        onMap: m.markers.some((x) => x.id === station.id),
      };
    };
    expect(await listed()).toEqual({ connectors: 1, stations: 1, onMap: true });
    const hide = (hidden: boolean, who: Session) =>
      call(`/stations/${station.uid}/hide`, { ...who, method: 'PUT', json: { hidden } });
    expect((await hide(true, viewer)).status).toBe(403);
    expect(await (await hide(true, onboarder)).json()).toEqual({ hidden: true, uids: [station.uid] });
    expect(await listed()).toEqual({ connectors: 0, stations: 0, onMap: false });
    const hiddenList = (await (await call(`/stations/hidden?keyword=${tag}-HIDE`, onboarder)).json()) as {
      data: { uid: string }[];
    };
    expect(hiddenList.data.map((s) => s.uid)).toEqual([station.uid]);
    // The detail stays reachable by id, so the station can be found and unhidden.
    expect((await call(`/stations/${station.id}/detail`, session)).status).toBe(200);
    await expectError(await hide(false, onboarder), 403, {
      code: 'FORBIDDEN',
      message: "Forbidden resource. You don't have the permission to request this resource.",
    });
    const many = await call('/stations/hide', { ...session, json: { uids: [station.uid], hidden: false } });
    expect(await many.json()).toEqual({ hidden: false, uids: [station.uid] });
    expect(await listed()).toEqual({ connectors: 1, stations: 1, onMap: true });
    await expectError(
      await call('/stations/hide', { ...session, json: { uids: [station.uid, foreign.uid], hidden: true } }),
      404,
      { code: 'STATION_NOT_FOUND', message: `Station uid: ${foreign.uid} not found.` },
    );
    // All or none: the station of the tree was not hidden either.
    expect(await listed()).toEqual({ connectors: 1, stations: 1, onMap: true });
    expect((await call('/stations/hide', { ...session, json: { uids: [], hidden: true } })).status).toBe(400);
    const audit = await sql(
      "SELECT action FROM audit_log WHERE entity_id = ? AND action LIKE 'station.%hide' ORDER BY id",
      String(station.id),
    );
    expect(audit.results.map((r) => (r as { action: string }).action)).toEqual(['station.hide', 'station.unhide']);
  });

  it('moves stations between companies of the tree only, with confirmation, audit and customer-service log', async () => {
    const a = await createStation(db, { uid: `${tag}-M1`, name: `${tag} M1`, companyId: admin.company.id });
    const b = await createStation(db, { uid: `${tag}-M2`, name: `${tag} M2`, companyId: admin.company.id });
    const targets = (await (await call('/stations/move-targets', session)).json()) as { data: { id: number }[] };
    expect(targets.data.map((t) => t.id).sort()).toEqual([admin.company.id, child.id].sort());
    const movable = (await (await call(`/stations/movable?keyword=${tag}-M`, session)).json()) as {
      data: { uid: string }[];
      total: number;
    };
    expect(movable.data.map((s) => s.uid)).toEqual([`${tag}-M1`, `${tag}-M2`]);
    const move = (json: unknown, who: Session = session) => call('/stations/move', { ...who, json });
    await expectError(await move({ stationIds: [a.id], targetCompanyId: child.id, confirm: false }), 400, {
      code: 'CONFIRMATION_REQUIRED',
      message: 'This action cannot be undone: confirm it to continue.',
      field: 'confirm',
    });
    await expectError(await move({ stationIds: [a.id], targetCompanyId: outsider.id, confirm: true }), 400, {
      code: 'VALIDATION_FAILED',
      message: `Company id: ${outsider.id} is not in your scope or does not operate stations.`,
      field: 'targetCompanyId',
    });
    await expectError(await move({ stationIds: [a.id, foreign.id], targetCompanyId: child.id, confirm: true }), 404, {
      code: 'STATION_NOT_FOUND',
      message: `Station id: ${foreign.id} not found.`,
    });
    await expectError(await move({ stationIds: [a.id], targetCompanyId: admin.company.id, confirm: true }), 400, {
      code: 'VALIDATION_FAILED',
      message: `Station id: ${a.id} already belongs to this company.`,
      field: 'stationIds',
    });
    expect((await move({ stationIds: [a.id], targetCompanyId: child.id, confirm: true }, onboarder)).status).toBe(403);
    const res = await move({ stationIds: [a.id, b.id], targetCompanyId: child.id, confirm: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      moved: [
        { id: a.id, uid: a.uid, fromCompanyId: admin.company.id },
        { id: b.id, uid: b.uid, fromCompanyId: admin.company.id },
      ],
      to: child.id,
    });
    const rows = await sql('SELECT company_id FROM stations WHERE id IN (?, ?)', a.id, b.id);
    expect(rows.results).toEqual([{ company_id: child.id }, { company_id: child.id }]);
    const logs = await sql(
      "SELECT company_id, station_id, action, result FROM customer_service_logs WHERE action = 'StationMoved' AND station_id IN (?, ?) ORDER BY station_id",
      a.id,
      b.id,
    );
    expect(logs.results).toEqual([
      { company_id: child.id, station_id: a.id, action: 'StationMoved', result: 'success' },
      { company_id: child.id, station_id: b.id, action: 'StationMoved', result: 'success' },
    ]);
    const audit = await sql(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'station.move' AND entity_id IN (?, ?)",
      String(a.id),
      String(b.id),
    );
    expect(audit.results[0]).toEqual({ n: 2 });
    // The outsider's station is not even listed as movable.
    const outsiderSearch = (await (await call(`/stations/movable?keyword=${tag}-F`, session)).json()) as {
      total: number;
    };
    expect(outsiderSearch.total).toBe(0);
  });

  it('generates the online-station import template as an .xlsx with the import columns', async () => {
    const res = await call('/stations/import-template', onboarder);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('online-stations-import-template.xlsx');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    for (const header of ['template', 'ocpp_id', 'latitude', 'installation_date'])
      expect(sheet).toContain(`>${header}<`);
    expect(sheet).toContain('Alpitronic HYC150 (2 × CCS2, 150 kW)');
  });
});
