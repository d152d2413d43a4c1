/**
 * Station detail and update (spec 7.16 `stations/{id}/detail`, rules of spec section 5), connector
 * totals and latest sessions, the maintenance additions (station out of order / available, users for
 * a remote start, uid look-up) and the customer-service log's filters, in the caller's company tree.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions, customerServiceLogs } from '../../drizzle/schema';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
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

const OPERATOR = { cpms: 'public' as const };

describe('station detail, update and maintenance additions', () => {
  let admin: World;
  let session: Session;
  let viewer: Session;
  let basic: Session;
  let child: { id: number };
  let outsider: { id: number };
  let station: { id: number; uid: string };
  let bare: { id: number };
  let foreign: { id: number };
  let connector: { id: number; uid: string };
  const tag = unique('SDT');

  beforeAll(async () => {
    admin = await world({ roles: [37], company: OPERATOR });
    child = await createCompany(db, { name: unique('Child'), parentCompanyId: admin.company.id, cpms: 'private' });
    outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
    station = await createStation(db, {
      uid: `${tag}-A`,
      name: `${tag} A`,
      companyId: child.id,
      address: 'Rue de Rivoli',
      postalCode: '75001',
      city: 'Paris',
      country: 'FR',
      latitude: 48.8606,
      longitude: 2.3376,
      iccid: '8933150319000012345',
    });
    bare = await createStation(db, { uid: `${tag}-B`, name: `${tag} B`, companyId: admin.company.id });
    foreign = await createStation(db, {
      uid: `${tag}-F`,
      name: `${tag} F`,
      companyId: outsider.id,
      address: 'x',
      postalCode: '1',
      city: 'y',
      country: 'FR',
      latitude: 1,
      longitude: 1,
    });
    connector = await createConnector(db, {
      stationId: station.id,
      connectorNumber: 1,
      uid: `${tag}-A-1`,
      evseId: `FR*T*E${tag}1`,
      status: 'available',
    });
    session = await login(admin.email, admin.password, admin.ip);
    // Same company, view-only (32) and basic maintenance (58).
    const v = await world({ roles: [32], company: OPERATOR, user: { companyId: admin.company.id } });
    viewer = await login(v.email, v.password, v.ip);
    const b = await world({ roles: [58], company: OPERATOR, user: { companyId: admin.company.id } });
    basic = await login(b.email, b.password, b.ip);
  });

  const patch = (id: number, json: unknown, who: Session = session) =>
    call(`/stations/${id}/detail`, { ...who, method: 'PATCH', json });

  it('shows every station field of the tree, with its connectors', async () => {
    const res = await call(`/stations/${station.id}/detail`, session);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { connectors: { uid: string }[] };
    expect(body).toMatchObject({
      uid: `${tag}-A`,
      operatorId: child.id,
      city: 'Paris',
      latitude: 48.8606,
      peerings: [],
      // The SIM its BootNotification reported: shown, never editable.
      iccid: '8933150319000012345',
      imsi: null,
    });
    for (const field of [
      'template',
      'directions',
      'midMeterSerial',
      'lastIp',
      'lastAuthorizationAt',
      'qrPaymentEnabled',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(body.connectors.map((c) => c.uid)).toEqual([`${tag}-A-1`]);
  });

  it("answers 404 for another company's station, to read or to update", async () => {
    await expectError(await call(`/stations/${foreign.id}/detail`, session), 404, {
      code: 'STATION_NOT_FOUND',
      message: `Station id: ${foreign.id} not found.`,
    });
    await expectError(await patch(foreign.id, { name: 'Mine now' }), 404, {
      code: 'STATION_NOT_FOUND',
      message: `Station id: ${foreign.id} not found.`,
    });
  });

  it('updates a station and writes an audit row with before and after', async () => {
    const res = await patch(station.id, { name: `${tag} A renamed`, latitude: 48.5, directions: 'Level -2' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: `${tag} A renamed`, latitude: 48.5, directions: 'Level -2' });
    const rows = await sql(
      "SELECT detail_json FROM audit_log WHERE action = 'station.update' AND entity_id = ?",
      String(station.id),
    );
    const detail = JSON.parse(String((rows.results[0] as { detail_json: string }).detail_json));
    expect(detail).toEqual({
      before: { name: `${tag} A`, latitude: 48.8606, directions: null },
      after: { name: `${tag} A renamed`, latitude: 48.5, directions: 'Level -2' },
    });
  });

  it.each([
    [{ latitude: 123 }, 'latitude'],
    [{ longitude: -181 }, 'longitude'],
    [{ latitude: '48,85' }, 'latitude'],
  ])('refuses coordinates out of range or with a comma: %j', async (json, field) => {
    await expectError(await patch(station.id, json), 400, {
      code: 'VALIDATION_FAILED',
      message:
        'Check the coordinate format: latitude from -90 to 90 and longitude from -180 to 180, with a dot as decimal separator.',
      field,
    });
  });

  it('refuses to empty a mandatory field', async () => {
    await expectError(await patch(station.id, { city: '  ' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Station update failed: fill in the mandatory fields.',
      field: 'city',
    });
  });

  it('refuses any change to a station still missing its mandatory fields, naming every one', async () => {
    const res = await patch(bare.id, { name: `${tag} B2` });
    const body = (await res.json()) as { code: string; field: string; issues: { field: string }[] };
    expect(res.status).toBe(400);
    expect(body.field).toBe('address');
    expect(body.issues.map((i) => i.field)).toEqual([
      'address',
      'postalCode',
      'city',
      'country',
      'latitude',
      'longitude',
    ]);
  });

  it('allows QR payment only on a private station', async () => {
    await expectError(await patch(station.id, { qrPaymentEnabled: true }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'QR payment can only be enabled on a private station.',
      field: 'qrPaymentEnabled',
    });
    const res = await patch(station.id, { qrPaymentEnabled: true, type: 'private' });
    expect(res.status).toBe(200);
  });

  it('accepts an owner only from the company tree', async () => {
    await expectError(await patch(station.id, { ownerId: outsider.id }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'The owner must be a company of your company tree.',
      field: 'ownerId',
    });
    const res = await patch(station.id, { ownerId: admin.company.id });
    expect(((await res.json()) as { ownerId: number }).ownerId).toBe(admin.company.id);
  });

  it('flags certified renewable supply only with its certificate reference, and shows it again', async () => {
    await expectError(await patch(station.id, { certifiedRenewable: true }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'A certified renewable station needs its certificate reference.',
      field: 'renewableCertificate',
    });
    const res = await patch(station.id, {
      certifiedRenewable: true,
      renewableCertificate: 'GO-FR-2026-0042',
      renewableGPerKwh: 12.5,
    });
    expect(res.status).toBe(200);
    const read = (await (await call(`/stations/${station.id}/detail`, session)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({
      certifiedRenewable: true,
      renewableCertificate: 'GO-FR-2026-0042',
      renewableGPerKwh: 12.5,
    });
    // Clearing the reference of a certified station is refused too; switching the flag off first is not.
    await expectError(await patch(station.id, { renewableCertificate: '' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'A certified renewable station needs its certificate reference.',
      field: 'renewableCertificate',
    });
    expect((await patch(station.id, { certifiedRenewable: false, renewableCertificate: '' })).status).toBe(200);
  });

  it('lets a view-only user read but not update', async () => {
    expect((await call(`/stations/${station.id}/detail`, viewer)).status).toBe(200);
    await expectError(await patch(station.id, { name: 'x' }, viewer), 403, {
      code: 'FORBIDDEN',
      message: "Forbidden resource. You don't have the permission to request this resource.",
    });
  });

  it("totals and lists the connector's sessions", async () => {
    const base = { stationId: station.id, connectorId: connector.id, connectorNumber: 1, companyId: child.id };
    await db.insert(chargingSessions).values([
      {
        ...base,
        cdrId: `${tag}-1`,
        status: 'closed',
        authId: 'TAG1',
        startKey: `${tag}-1`,
        startAt: new Date('2026-11-01T08:00:00Z'),
        endAt: new Date('2026-11-01T09:00:00Z'),
        meterStartWh: 0,
        energyWh: 12_500,
        chargingMinutes: 50,
        durationS: 3600,
      },
      {
        ...base,
        cdrId: `${tag}-2`,
        status: 'in_progress',
        authId: 'TAG2',
        startKey: `${tag}-2`,
        startAt: new Date('2026-11-02T08:00:00Z'),
        meterStartWh: 0,
      },
    ]);
    const totals = await call(`/connectors/${connector.id}/total-local-stats`, session);
    expect(await totals.json()).toEqual({
      sessions: 1,
      inProgress: 1,
      energyWh: 12_500,
      chargingMinutes: 50,
      durationS: 3600,
      firstSessionAt: '2026-11-01T08:00:00.000Z',
      lastSessionAt: '2026-11-02T08:00:00.000Z',
    });
    const recent = (await (await call(`/connectors/${connector.id}/recent-sessions`, session)).json()) as {
      data: { cdrId: string }[];
    };
    expect(recent.data.map((s) => s.cdrId)).toEqual([`${tag}-2`, `${tag}-1`]);
  });

  it('finds a connector by station uid and connector uid, only in the tree', async () => {
    const res = await call(`/maintenance/status/${station.uid}/${connector.uid}`, viewer);
    expect(await res.json()).toEqual({ id: connector.id });
    expect((await call(`/maintenance/status/${foreign.id}/${connector.uid}`, viewer)).status).toBe(404);
  });

  it('lists users of the tree for a remote start, with whether they can start', async () => {
    const res = await call(`/maintenance/${connector.id}/users?keyword=${encodeURIComponent(admin.email)}`, session);
    const body = (await res.json()) as { data: { id: number; has_active_rfid: boolean }[] };
    expect(body.data).toEqual([expect.objectContaining({ id: admin.user.id, has_active_rfid: false })]);
    expect((await call(`/maintenance/${connector.id}/users`, viewer)).status).toBe(403);
  });

  it('sends station out of order only for advanced roles, and logs what happened', async () => {
    await expectError(
      await call(`/maintenance/${connector.id}/station-out-of-order`, { ...basic, method: 'POST' }),
      403,
      {
        code: 'FORBIDDEN',
        message: "Forbidden resource. You don't have the permission to request this resource.",
      },
    );
    await expectError(await call(`/maintenance/${connector.id}/unlock`, { ...viewer, method: 'POST' }), 403, {
      code: 'FORBIDDEN',
      message: "Forbidden resource. You don't have the permission to request this resource.",
    });
    // No charge point is connected: nothing is sent, the answer says so, and the log keeps it.
    await expectError(
      await call(`/maintenance/${connector.id}/station-out-of-order`, { ...session, method: 'POST' }),
      409,
      {
        code: 'STATION_OFFLINE',
        message: 'The station is offline: the command was not sent.',
      },
    );
    const logs = (await (await call(`/customer-services/logs?connector_id=${connector.id}`, session)).json()) as {
      data: { action: string; result: string; request: unknown; error_message: string }[];
    };
    expect(logs.data[0]).toMatchObject({
      action: 'ChangeAvailability',
      result: 'failed',
      request: { connectorId: 0, type: 'Inoperative' },
      error_message: 'offline',
    });
  });

  it('filters and pages the customer-service log within the tree', async () => {
    const entry = (i: number, result: 'success' | 'failed', companyId = child.id, stationId = station.id) => ({
      companyId,
      stationId,
      connectorId: stationId === station.id ? connector.id : null,
      connectorEvseId: `EV-${tag}-${i}`,
      action: i % 2 ? 'UnlockConnector' : 'Reset',
      result,
      detailJson: JSON.stringify({
        request: {},
        outcome: { status: 'accepted', reply: { status: result === 'success' ? 'Accepted' : 'Rejected' } },
      }),
      createdAt: new Date(Date.UTC(2026, 9, 1 + i)),
    });
    await db
      .insert(customerServiceLogs)
      .values([
        ...Array.from({ length: 7 }, (_, i) => entry(i, i < 5 ? 'success' : 'failed')),
        entry(9, 'success', outsider.id, foreign.id),
      ]);
    const get = async (q: string) =>
      (await (await call(`/customer-services/logs?keyword=EV-${tag}&${q}`, session)).json()) as {
        data: { connector_evseid: string; reply_status: string }[];
        total: number;
      };
    const all = await get('items_per_page=3');
    expect(all.total).toBe(7);
    expect(all.data.map((d) => d.connector_evseid)).toEqual([`EV-${tag}-6`, `EV-${tag}-5`, `EV-${tag}-4`]);
    expect((await get('items_per_page=3&page=2')).data.map((d) => d.connector_evseid)).toEqual([`EV-${tag}-0`]);
    const failed = await get('result=failed');
    expect(failed.data.map((d) => d.reply_status)).toEqual(['Rejected', 'Rejected']);
    expect((await get('action=Reset')).total).toBe(4);
    expect((await get('from=2026-10-03&to=2026-10-04')).data.map((d) => d.connector_evseid)).toEqual([
      `EV-${tag}-3`,
      `EV-${tag}-2`,
    ]);
    expect((await call('/customer-services/logs?from=yesterday', session)).status).toBe(400);
  });
});
