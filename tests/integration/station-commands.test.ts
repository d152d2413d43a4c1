/**
 * Station commands (spec 7.16 stations/{uid}/…, ADR 014) against a charge point connected through
 * the real ocpp worker: happy paths, validation, role 32 → 403, another company's station → 404,
 * AuthorizationKey hand-over, diagnostics upload link and firmware download link.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/identity/password';
import { customerServiceLogs, stationPendingKeys, stations } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { connectChargePoint, type FakeChargePoint, ocpp, upgradeRequest } from './fake-charge-point';
import { call, db, expectError, login, type Session, unique, type World, world } from './helpers';

const PASSWORD = 'station-password-0001';
let w: World;
let admin: Session;
let viewer: Session;
let uid: string;
let offlineUid: string;
let outsiderUid: string;
let cp: FakeChargePoint;

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  const hash = await hashPassword(PASSWORD, 1000);
  uid = unique('CMD').toUpperCase();
  offlineUid = unique('OFF').toUpperCase();
  outsiderUid = unique('OUT').toUpperCase();
  await createStation(db, { uid, companyId: w.company.id, ocppPasswordHash: hash });
  await createStation(db, { uid: offlineUid, companyId: w.company.id, ocppPasswordHash: hash });
  const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
  await createStation(db, { uid: outsiderUid, companyId: outsider.id, ocppPasswordHash: hash });
  const viewerEmail = `${unique('viewer')}@example.test`;
  await createUser(
    db,
    { companyId: w.company.id, email: viewerEmail, password: w.password, roles: [32] },
    { iterations: 1000 },
  );
  admin = await login(w.email, w.password, w.ip);
  viewer = await login(viewerEmail, w.password);
  cp = await connectChargePoint(uid, PASSWORD);
  cp.handle('GetConfiguration', (p) => ({
    configurationKey: [
      { key: 'HeartbeatInterval', readonly: false, value: '300' },
      { key: 'NumberOfConnectors', readonly: true, value: '2' },
    ],
    unknownKey: (p.key as string[] | undefined)?.filter((k) => k === 'Nope') ?? [],
  }));
  cp.handle('ChangeConfiguration', (p) => ({
    status: p.key === 'NumberOfConnectors' ? 'Rejected' : p.key === 'Unknown' ? 'NotSupported' : 'Accepted',
  }));
});
afterAll(() => cp.close());

const lastCall = (action: string) => cp.received.filter((r) => r.action === action).at(-1)?.payload;

describe('configuration', () => {
  it('reads every key with the charge point reply', async () => {
    const res = await call(`/stations/${uid}/get-configuration`, { ...admin, json: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      action: 'GetConfiguration',
      status: 'Accepted',
      succeeded: true,
      reply: {
        configurationKey: [{ key: 'HeartbeatInterval', value: '300', readonly: false }, { key: 'NumberOfConnectors' }],
      },
    });
    expect(lastCall('GetConfiguration')).toEqual({});
  });

  it('asks for the listed keys only', async () => {
    const res = await call(`/stations/${uid}/get-configuration`, {
      ...admin,
      json: { key: ['HeartbeatInterval', 'Nope'] },
    });
    expect(((await res.json()) as { reply: { unknownKey: string[] } }).reply.unknownKey).toEqual(['Nope']);
    expect(lastCall('GetConfiguration')).toEqual({ key: ['HeartbeatInterval', 'Nope'] });
  });

  it('changes a writable key, and shows Rejected / NotSupported truthfully', async () => {
    const ok = await call(`/stations/${uid}/set-configuration`, {
      ...admin,
      json: { key: 'HeartbeatInterval', value: '60' },
    });
    expect(await ok.json()).toMatchObject({ status: 'Accepted', succeeded: true });
    const ro = await call(`/stations/${uid}/set-configuration`, {
      ...admin,
      json: { key: 'NumberOfConnectors', value: '3' },
    });
    expect(await ro.json()).toMatchObject({ status: 'Rejected', succeeded: false });
    const unknown = await call(`/stations/${uid}/set-configuration`, {
      ...admin,
      json: { key: 'Unknown', value: 'x' },
    });
    expect(await unknown.json()).toMatchObject({ status: 'NotSupported', succeeded: false });
  });

  it('validates the body', async () => {
    const res = await call(`/stations/${uid}/set-configuration`, { ...admin, json: { key: '', value: 'x' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('key');
    const shortKey = await call(`/stations/${uid}/set-configuration`, {
      ...admin,
      json: { key: 'AuthorizationKey', value: 'short' },
    });
    expect(shortKey.status).toBe(400);
  });

  it('answers 409 at once for a station that is not connected', async () => {
    const res = await call(`/stations/${offlineUid}/get-configuration`, { ...admin, json: {} });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('STATION_OFFLINE');
  });
});

describe('AuthorizationKey', () => {
  it('stores the new password before answering: the new one connects, the old one no longer does', async () => {
    const newKey = 'new-key-0123456789abcd';
    const res = await call(`/stations/${uid}/set-configuration`, {
      ...admin,
      json: { key: 'AuthorizationKey', value: newKey },
    });
    expect(await res.json()).toMatchObject({ status: 'Accepted', succeeded: true });
    expect(
      await db
        .select()
        .from(stationPendingKeys)
        .where(eq(stationPendingKeys.stationId, await stationId(uid))),
    ).toEqual([]);
    const logs = await call('/customer-services/logs', admin);
    const text = JSON.stringify(await logs.json());
    expect(text).not.toContain(newKey);
    expect((await ocpp().fetch(upgradeRequest(uid, PASSWORD))).status).toBe(401);
    const again = await connectChargePoint(uid, newKey);
    again.close();
    // Back to the first password for the other tests (through the same command, refused this time).
    await db
      .update(stations)
      .set({ ocppPasswordHash: await hashPassword(PASSWORD, 1000) })
      .where(eq(stations.uid, uid));
    cp = await reconnectWithHandlers();
  });

  it('keeps the current password when the charge point rejects the key', async () => {
    cp.handle('ChangeConfiguration', () => ({ status: 'Rejected' }));
    const res = await call(`/stations/${uid}/set-configuration`, {
      ...admin,
      json: { key: 'AuthorizationKey', value: 'rejected-key-0123456789' },
    });
    expect(await res.json()).toMatchObject({ status: 'Rejected', succeeded: false });
    expect((await ocpp().fetch(upgradeRequest(uid, 'rejected-key-0123456789'))).status).toBe(401);
    cp = await reconnectWithHandlers();
  });

  it('keeps a pending key beside the current one until its first use promotes it', async () => {
    const id = await stationId(uid);
    await db
      .insert(stationPendingKeys)
      .values({ stationId: id, passwordHash: await hashPassword('pending-key-0123456789', 1000) });
    const withPending = await connectChargePoint(uid, 'pending-key-0123456789');
    withPending.close();
    expect(await db.select().from(stationPendingKeys).where(eq(stationPendingKeys.stationId, id))).toEqual([]);
    expect((await ocpp().fetch(upgradeRequest(uid, PASSWORD))).status).toBe(401);
    await db
      .update(stations)
      .set({ ocppPasswordHash: await hashPassword(PASSWORD, 1000) })
      .where(eq(stations.id, id));
    cp = await reconnectWithHandlers();
  });
});

describe('diagnostics', () => {
  it('sends a single-use upload link; the upload lands in R2 and is listed and downloadable', async () => {
    cp.handle('GetDiagnostics', () => ({ fileName: 'diag.txt' }));
    const res = await call(`/stations/${uid}/get-diagnostics`, {
      ...admin,
      json: { startTime: '2026-11-20T00:00:00Z', stopTime: '2026-11-21T00:00:00Z' },
    });
    expect(await res.json()).toMatchObject({
      action: 'GetDiagnostics',
      succeeded: true,
      reply: { fileName: 'diag.txt' },
    });
    const sent = lastCall('GetDiagnostics') as { location: string; startTime: string };
    expect(sent.startTime).toBe('2026-11-20T00:00:00Z');
    expect(sent.location).toMatch(/\/api\/station-files\/diagnostics\/[A-Za-z0-9_-]{40,}\/$/);
    const path = new URL(`${sent.location}diag.txt`).pathname.replace(/^\/api/, '');
    const put = await call(path, { method: 'PUT', headers: { 'content-type': 'text/plain' }, raw: 'log line 1\n' });
    expect(put.status).toBe(201);
    const reuse = await call(path, { method: 'PUT', raw: 'again' });
    expect(reuse.status).toBe(404);

    const list = (await (await call(`/stations/${uid}/get-diagnostics-list`, admin)).json()) as {
      data: { filename: string; size: number }[];
      total: number;
    };
    expect(list.data[0]).toMatchObject({ filename: 'diag.txt', size: 11 });
    const file = await call(`/stations/${uid}/get-diagnostics-file/diag.txt`, admin);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('log line 1\n');
    const other = await call(`/stations/${offlineUid}/get-diagnostics-file/diag.txt`, admin);
    expect(other.status).toBe(404);
  });

  it("shows and resets the charge point's reported status", async () => {
    await cp.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
    const status = await call(`/stations/${uid}/get-diagnostics-status`, admin);
    expect(await status.json()).toMatchObject({ status: 'Uploaded', connected: true });
    const reset = await call(`/stations/${uid}/reset-get-diagnostics-status`, { ...admin, method: 'DELETE' });
    expect(await reset.json()).toMatchObject({ status: null });
  });

  it('validates the time window', async () => {
    const res = await call(`/stations/${uid}/get-diagnostics`, { ...admin, json: { startTime: 'yesterday' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('startTime');
  });
});

describe('firmware', () => {
  it('uploads a firmware file, lists it, and sends UpdateFirmware with a working download link', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    const up = await call(`/stations/${uid}/firmware/fw-1.2.3.bin`, {
      ...admin,
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      raw: new TextDecoder().decode(bytes),
    });
    expect(up.status).toBe(201);
    const list = (await (await call(`/stations/${uid}/get-firmware-list`, admin)).json()) as {
      data: { filename: string }[];
    };
    expect(list.data.map((f) => f.filename)).toContain('fw-1.2.3.bin');

    cp.handle('UpdateFirmware', () => ({}));
    const res = await call(`/stations/${uid}/upgrade/fw-1.2.3.bin`, { ...admin, json: {} });
    expect(await res.json()).toMatchObject({ action: 'UpdateFirmware', succeeded: true });
    const sent = lastCall('UpdateFirmware') as { location: string; retrieveDate: string };
    const download = await call(new URL(sent.location).pathname.replace(/^\/api/, ''));
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);

    await cp.call('FirmwareStatusNotification', { status: 'Downloaded' });
    expect(await (await call(`/stations/${uid}/get-firmware-upgrade-status`, admin)).json()).toMatchObject({
      status: 'Downloaded',
    });
    await call(`/stations/${uid}/reset-firmware-upgrade-status`, { ...admin, method: 'DELETE' });
    expect(await (await call(`/stations/${uid}/get-firmware-upgrade-status`, admin)).json()).toMatchObject({
      status: null,
    });
  });

  it('replaces a firmware file uploaded again under the same name (links already sent keep working)', async () => {
    const again = await call(`/stations/${uid}/firmware/fw-1.2.3.bin`, { ...admin, method: 'POST', raw: 'v2' });
    expect(again.status).toBe(201);
    const list = (await (await call(`/stations/${uid}/get-firmware-list`, admin)).json()) as {
      data: { filename: string; size: number }[];
    };
    expect(list.data.filter((f) => f.filename === 'fw-1.2.3.bin')).toEqual([
      expect.objectContaining({ filename: 'fw-1.2.3.bin', size: 2 }),
    ]);
    const sent = lastCall('UpdateFirmware') as { location: string };
    const download = await call(new URL(sent.location).pathname.replace(/^\/api/, ''));
    expect(await download.text()).toBe('v2');
  });

  it('refuses an empty firmware upload', async () => {
    const res = await call(`/stations/${uid}/firmware/empty.bin`, { ...admin, method: 'POST', raw: '' });
    expect(res.status).toBe(400);
  });

  it('answers 404 for an unknown firmware file', async () => {
    const res = await call(`/stations/${uid}/upgrade/nope.bin`, { ...admin, json: {} });
    expect(res.status).toBe(404);
  });
});

describe('commands without a spec path', () => {
  it('passes ids the system does not know to the charge point unchanged', async () => {
    cp.handle('ReserveNow', () => ({ status: 'Occupied' }));
    const res = await call(`/stations/${uid}/commands/reserve-now`, {
      ...admin,
      json: { connectorId: 7, expiryDate: '2026-12-01T10:00:00Z', idTag: 'UNKNOWN-TAG', reservationId: 987654 },
    });
    expect(await res.json()).toMatchObject({ action: 'ReserveNow', status: 'Occupied', succeeded: false });
    expect(lastCall('ReserveNow')).toEqual({
      connectorId: 7,
      expiryDate: '2026-12-01T10:00:00Z',
      idTag: 'UNKNOWN-TAG',
      reservationId: 987654,
    });
  });

  it.each([
    ['clear-cache', {}, 'ClearCache', { status: 'Accepted' }],
    ['get-local-list-version', {}, 'GetLocalListVersion', { listVersion: 3 }],
    ['cancel-reservation', { reservationId: 424242 }, 'CancelReservation', { status: 'Rejected' }],
    ['trigger-message', { requestedMessage: 'Heartbeat' }, 'TriggerMessage', { status: 'Accepted' }],
    ['clear-charging-profile', { id: 99 }, 'ClearChargingProfile', { status: 'Unknown' }],
    ['data-transfer', { vendorId: 'ACME', data: 'x' }, 'DataTransfer', { status: 'UnknownVendorId' }],
  ] as const)('%s reaches the charge point as %s', async (path, body, action, reply) => {
    cp.handle(action, () => reply);
    const res = await call(`/stations/${uid}/commands/${path}`, { ...admin, json: body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ action, reply });
    expect(lastCall(action)).toEqual(body);
  });

  it('validates each body', async () => {
    const res = await call(`/stations/${uid}/commands/reserve-now`, { ...admin, json: { connectorId: -1 } });
    expect(res.status).toBe(400);
    const extra = await call(`/stations/${uid}/commands/clear-cache`, { ...admin, json: { surprise: 1 } });
    expect(extra.status).toBe(400);
  });

  it('keeps the CSR of SignCertificate and sends the signed leaf with the configured CA chain', async () => {
    const csr = '-----BEGIN CERTIFICATE REQUEST-----\nQ1NSLVRFU1Q=\n-----END CERTIFICATE REQUEST-----';
    expect(await cp.call('SignCertificate', { csr })).toEqual({ status: 'Accepted' });
    expect(await (await call(`/stations/${uid}/csr`, admin)).json()).toMatchObject({
      csr,
      status: 'Accepted',
      reason: null,
      serial: null,
    });
    // Without OCPP_CA_PRIVATE_KEY the CA is external: nothing is issued by the system.
    expect(await (await call(`/stations/${uid}/certificates`, admin)).json()).toEqual({
      certificate_authority: 'external',
      certificates: [],
    });
    cp.handle('CertificateSigned', () => ({ status: 'Accepted' }));
    const leaf = '-----BEGIN CERTIFICATE-----\nTEVBRg==\n-----END CERTIFICATE-----';
    const res = await call(`/stations/${uid}/commands/certificate-signed`, { ...admin, json: { certificate: leaf } });
    expect(await res.json()).toMatchObject({ action: 'CertificateSigned', status: 'Accepted', succeeded: true });
    expect(lastCall('CertificateSigned')).toEqual({
      certificateChain: `${leaf}\n-----BEGIN CERTIFICATE-----\nVEVTVC1DQQ==\n-----END CERTIFICATE-----\n`,
    });
    const bad = await call(`/stations/${uid}/commands/certificate-signed`, { ...admin, json: { certificate: 'x' } });
    expect(bad.status).toBe(400);
  });
});

describe('commands are never sent by a GET (issue 24)', () => {
  it.each([
    ['get-configuration', 'GetConfiguration', {}],
    ['get-diagnostics', 'GetDiagnostics', { fileName: 'diag.txt' }],
    ['upgrade/fw-1.2.3.bin', 'UpdateFirmware', {}],
  ] as const)('GET %s sends nothing and logs nothing; POST sends %s', async (path, action, reply) => {
    cp.handle(action, () => reply);
    const sentBefore = cp.received.filter((r) => r.action === action).length;
    const logsBefore = await commandLogCount(action);
    const get = await call(`/stations/${uid}/${path}`, admin);
    expect(get.status).toBe(404);
    expect(cp.received.filter((r) => r.action === action)).toHaveLength(sentBefore);
    expect(await commandLogCount(action)).toBe(logsBefore);

    const post = await call(`/stations/${uid}/${path}`, { ...admin, json: {} });
    expect(post.status).toBe(200);
    expect(await post.json()).toMatchObject({ action, succeeded: true });
    expect(cp.received.filter((r) => r.action === action)).toHaveLength(sentBefore + 1);
    expect(await commandLogCount(action)).toBe(logsBefore + 1);
  });

  it('refuses unknown fields in the bodies', async () => {
    const res = await call(`/stations/${uid}/get-diagnostics`, { ...admin, json: { surprise: 1 } });
    expect(res.status).toBe(400);
    const upgrade = await call(`/stations/${uid}/upgrade/fw-1.2.3.bin`, { ...admin, json: { retries: 'x' } });
    expect(upgrade.status).toBe(400);
    expect(((await upgrade.json()) as { field: string }).field).toBe('retries');
  });
});

describe('access', () => {
  const routes: [string, string, unknown?][] = [
    ['POST', 'get-configuration', {}],
    ['POST', 'set-configuration', { key: 'HeartbeatInterval', value: '1' }],
    ['POST', 'get-diagnostics', {}],
    ['GET', 'get-diagnostics-status'],
    ['GET', 'get-diagnostics-list'],
    ['GET', 'get-diagnostics-file/x.txt'],
    ['DELETE', 'reset-get-diagnostics-status'],
    ['GET', 'get-firmware-list'],
    ['POST', 'upgrade/x.bin', {}],
    ['GET', 'get-firmware-upgrade-status'],
    ['DELETE', 'reset-firmware-upgrade-status'],
    ['POST', 'commands/clear-cache', {}],
    ['GET', 'csr'],
    ['GET', 'certificates'],
  ];

  it.each(routes)('%s %s: view-only role 32 gets 403', async (method, path, json) => {
    const res = await call(`/stations/${uid}/${path}`, { ...viewer, method, json });
    expect(res.status).toBe(403);
  });

  it.each(routes)("%s %s: another company's station is 404", async (method, path, json) => {
    const res = await call(`/stations/${outsiderUid}/${path}`, { ...admin, method, json });
    await expectError(res, 404, { code: 'STATION_NOT_FOUND', message: `Station uid: ${outsiderUid} not found.` });
  });

  it('an upload link that was never issued is refused', async () => {
    const res = await call(`/station-files/diagnostics/${'x'.repeat(43)}/a.txt`, { method: 'PUT', raw: 'x' });
    expect(res.status).toBe(404);
  });
});

async function commandLogCount(action: string): Promise<number> {
  const rows = await db
    .select({ id: customerServiceLogs.id })
    .from(customerServiceLogs)
    .where(and(eq(customerServiceLogs.stationId, await stationId(uid)), eq(customerServiceLogs.action, action)));
  return rows.length;
}

async function stationId(u: string): Promise<number> {
  const row = await db.select({ id: stations.id }).from(stations).where(eq(stations.uid, u)).get();
  if (!row) throw new Error(`no station ${u}`);
  return row.id;
}

/** A new connection (the object closes the old one) that answers like the previous one. */
async function reconnectWithHandlers(): Promise<FakeChargePoint> {
  const previous = cp;
  const next = await connectChargePoint(uid, PASSWORD);
  for (const [action, handler] of previous.handlers) next.handle(action, handler);
  previous.close();
  return next;
}
