/**
 * The verbatim command route `POST /stations/{uid}/commands/{action}` (issue 24 §2, ADR 014 addendum 3)
 * against a charge point connected through the real ocpp worker: every one of the 26 central system →
 * charge point messages reaches it unchanged, schema failures are refused before anything is sent,
 * ids the system does not know are passed on, force overrides the busy refusal, the CALLERROR comes
 * back, every command is in the customer-service log, and access follows ADR 005 / 014.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/identity/password';
import { CENTRAL_SYSTEM_ACTIONS } from '../../domain/ocpp/central-system-requests';
import { OCPP201_CSMS_ACTIONS } from '../../domain/ocpp/csms-requests-201';
import { customerServiceLogs, stationPendingKeys, stations } from '../../drizzle/schema';
import { createCompany, createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { connectChargePoint, type FakeChargePoint, ocpp, upgradeRequest } from './fake-charge-point';
import { call, db, expectError, login, type Session, unique, type World, world } from './helpers';

const PASSWORD = 'station-password-0001';
const PEM = '-----BEGIN CERTIFICATE-----\nTEVBRg==\n-----END CERTIFICATE-----';
const HASH = { hashAlgorithm: 'SHA256', issuerNameHash: 'aa', issuerKeyHash: 'bb', serialNumber: '01' };
const PROFILE = {
  chargingProfileId: 7,
  stackLevel: 0,
  chargingProfilePurpose: 'TxProfile',
  chargingProfileKind: 'Absolute',
  chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
};

/** One valid request and one valid CALLRESULT per action; the request travels verbatim. */
const CASES: Record<string, [Record<string, unknown>, Record<string, unknown>]> = {
  CancelReservation: [{ reservationId: 424242 }, { status: 'Rejected' }],
  ChangeAvailability: [{ connectorId: 99, type: 'Inoperative' }, { status: 'Rejected' }],
  ChangeConfiguration: [{ key: 'MeterValueSampleInterval', value: '60' }, { status: 'Accepted' }],
  ClearCache: [{}, { status: 'Accepted' }],
  ClearChargingProfile: [{ id: 99, connectorId: 99, stackLevel: 3 }, { status: 'Unknown' }],
  DataTransfer: [{ vendorId: 'ACME', messageId: 'Ping', data: '{"a":1}' }, { status: 'UnknownVendorId' }],
  GetCompositeSchedule: [{ connectorId: 1, duration: 3600, chargingRateUnit: 'W' }, { status: 'Rejected' }],
  GetConfiguration: [{ key: ['HeartbeatInterval', 'Nope'] }, { configurationKey: [], unknownKey: ['Nope'] }],
  GetDiagnostics: [
    { location: 'ftp://diag.example.test/in/', retries: 2, startTime: '2026-11-20T00:00:00Z' },
    { fileName: 'diag.zip' },
  ],
  GetLocalListVersion: [{}, { listVersion: 4 }],
  RemoteStartTransaction: [{ idTag: 'INTEGRATOR-TAG-1', chargingProfile: PROFILE }, { status: 'Accepted' }],
  RemoteStopTransaction: [{ transactionId: 987654321 }, { status: 'Rejected' }],
  ReserveNow: [
    { connectorId: 0, expiryDate: '2026-12-01T10:00:00Z', idTag: 'TAG', parentIdTag: 'GROUP', reservationId: 5 },
    { status: 'Occupied' },
  ],
  Reset: [{ type: 'Hard' }, { status: 'Accepted' }],
  SendLocalList: [
    {
      listVersion: 5,
      updateType: 'Full',
      localAuthorizationList: [
        { idTag: 'TAG-A', idTagInfo: { status: 'Expired', expiryDate: '2026-01-01T00:00:00Z', parentIdTag: 'GRP' } },
      ],
    },
    { status: 'VersionMismatch' },
  ],
  SetChargingProfile: [
    { connectorId: 1, csChargingProfiles: { ...PROFILE, transactionId: 123 } },
    { status: 'NotSupported' },
  ],
  TriggerMessage: [{ requestedMessage: 'StatusNotification', connectorId: 99 }, { status: 'Rejected' }],
  UnlockConnector: [{ connectorId: 99 }, { status: 'NotSupported' }],
  UpdateFirmware: [
    { location: 'https://firmware.example.test/fw.bin', retrieveDate: '2026-12-01T00:00:00Z', retries: 1 },
    {},
  ],
  CertificateSigned: [{ certificateChain: `${PEM}\n${PEM}` }, { status: 'Accepted' }],
  DeleteCertificate: [{ certificateHashData: HASH }, { status: 'NotFound' }],
  ExtendedTriggerMessage: [{ requestedMessage: 'SignChargePointCertificate' }, { status: 'Accepted' }],
  GetInstalledCertificateIds: [{ certificateType: 'ManufacturerRootCertificate' }, { status: 'NotFound' }],
  GetLog: [
    {
      logType: 'SecurityLog',
      requestId: 77,
      log: { remoteLocation: 'ftp://logs.example.test/in/', oldestTimestamp: '2026-11-01T00:00:00Z' },
    },
    { status: 'Accepted', filename: 'security.log' },
  ],
  InstallCertificate: [{ certificateType: 'CentralSystemRootCertificate', certificate: PEM }, { status: 'Rejected' }],
  SignedUpdateFirmware: [
    {
      requestId: 9,
      firmware: {
        location: 'https://firmware.example.test/signed.bin',
        retrieveDateTime: '2026-12-01T00:00:00Z',
        signingCertificate: PEM,
        signature: 'c2lnbmF0dXJl',
      },
    },
    { status: 'InvalidCertificate' },
  ],
};

let w: World;
let admin: Session;
let viewer: Session;
let basic: Session;
let uid: string;
let stationId: number;
let outsiderUid: string;
let cp: FakeChargePoint;

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  const hash = await hashPassword(PASSWORD, 1000);
  uid = unique('VRB').toUpperCase();
  outsiderUid = unique('VRBOUT').toUpperCase();
  const station = await createStation(db, { uid, companyId: w.company.id, ocppPasswordHash: hash });
  stationId = station.id;
  await createConnector(db, { stationId, connectorNumber: 1, status: 'charging' });
  await createConnector(db, { stationId, connectorNumber: 2, status: 'available' });
  const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
  await createStation(db, { uid: outsiderUid, companyId: outsider.id, ocppPasswordHash: hash });
  const roleUser = async (role: number) => {
    const email = `${unique(`r${role}`)}@example.test`;
    await createUser(db, { companyId: w.company.id, email, password: w.password, roles: [role] }, { iterations: 1000 });
    return login(email, w.password);
  };
  admin = await login(w.email, w.password, w.ip);
  viewer = await roleUser(32);
  basic = await roleUser(58);
  cp = await connectChargePoint(uid, PASSWORD);
  for (const [action, [, reply]] of Object.entries(CASES)) cp.handle(action, () => reply);
});
afterAll(() => cp.close());

const send = (action: string, json: unknown, who: Session = admin, query = '') =>
  call(`/stations/${uid}/commands/${action}${query}`, { ...who, json });

describe('every central system → charge point message, verbatim', () => {
  it('covers the 26 actions of OCPP 1.6J and the Security Whitepaper', () => {
    expect(Object.keys(CASES).sort()).toEqual([...CENTRAL_SYSTEM_ACTIONS].sort());
  });

  it.each(Object.entries(CASES))(
    '%s reaches the charge point unchanged and its reply comes back',
    async (action, [payload, reply]) => {
      const before = cp.received.length;
      const res = await send(action, payload);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        action,
        status: (reply.status as string | undefined) ?? 'Accepted',
        succeeded: expect.any(Boolean),
        reply,
      });
      expect(cp.received.slice(before)).toEqual([{ action, payload }]);
      const log = await db
        .select()
        .from(customerServiceLogs)
        .where(and(eq(customerServiceLogs.stationId, stationId), eq(customerServiceLogs.action, action)))
        .orderBy(desc(customerServiceLogs.id))
        .get();
      expect(JSON.parse(log?.detailJson ?? '{}')).toMatchObject({ request: payload, outcome: { reply } });
      expect(log?.userId).toBe(w.user.id);
    },
  );

  it('publishes the action enum in the OpenAPI document', async () => {
    const doc = (await (await call('/openapi.json')).json()) as {
      paths: Record<string, { post: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
    };
    const op = doc.paths['/api/stations/{uid}/commands/{action}']?.post;
    const action = op?.parameters.find((p) => p.name === 'action');
    // 1.6 and Security Whitepaper actions, and the 2.0.1-only ones (ADR 058 addendum).
    expect(action?.schema.enum?.sort()).toEqual([...CENTRAL_SYSTEM_ACTIONS, ...OCPP201_CSMS_ACTIONS].sort());
    expect(op?.parameters.map((p) => p.name)).toContain('force');
  });
});

describe('schema validation', () => {
  it.each([
    ['UnlockConnector', {}, '/connectorId'],
    ['Reset', { type: 'Warm' }, '/type'],
    ['RemoteStopTransaction', { transactionId: '12' }, '/transactionId'],
    ['ClearCache', { force: true }, '/force'],
    [
      'RemoteStartTransaction',
      { idTag: 'T', chargingProfile: { ...PROFILE, chargingProfilePurpose: 'Everything' } },
      '/chargingProfile/chargingProfilePurpose',
    ],
    ['CertificateSigned', { certificateChain: 'x'.repeat(10_001) }, '/certificateChain'],
  ])('%s %j: 400 at %s, nothing sent, nothing logged', async (action, payload, field) => {
    const before = cp.received.length;
    const logsBefore = await db.$count(customerServiceLogs, eq(customerServiceLogs.stationId, stationId));
    const res = await send(action, payload);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; field: string; issues: { field: string }[] };
    expect(body.code).toBe('OCPP_SCHEMA');
    expect(body.field).toBe(field);
    expect(body.issues.map((i) => i.field)).toContain(field);
    expect(cp.received.length).toBe(before);
    expect(await db.$count(customerServiceLogs, eq(customerServiceLogs.stationId, stationId))).toBe(logsBefore);
  });

  it('refuses an action that is not a central system → charge point message', async () => {
    const res = await send('StartTransaction', {
      connectorId: 1,
      idTag: 'T',
      meterStart: 0,
      timestamp: '2026-01-01T00:00:00Z',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('action');
  });
});

describe('ids and connectors the system does not know', () => {
  it('passes connector 99 to UnlockConnector, ChangeAvailability and a RemoteStart, and an unknown transaction to RemoteStop', async () => {
    for (const [action, payload] of [
      ['UnlockConnector', { connectorId: 99 }],
      ['ChangeAvailability', { connectorId: 99, type: 'Operative' }],
      ['RemoteStartTransaction', { connectorId: 99, idTag: 'NOBODY-KNOWS' }],
      ['RemoteStopTransaction', { transactionId: 2_000_000_001 }],
    ] as const) {
      const res = await send(action, payload);
      expect(res.status, action).toBe(200);
      expect(cp.received.at(-1)).toEqual({ action, payload });
    }
  });
});

describe('remote start on a connector the system believes busy', () => {
  it('is refused with 409 CONNECTOR_BUSY and nothing sent; ?force=true sends it verbatim', async () => {
    const payload = { connectorId: 1, idTag: 'INTEGRATOR-TAG-2' };
    const before = cp.received.length;
    await expectError(await send('RemoteStartTransaction', payload), 409, {
      code: 'CONNECTOR_BUSY',
      message: 'The connector is busy: a remote start is refused.',
    });
    expect(cp.received.length).toBe(before);
    const forced = await send('RemoteStartTransaction', payload, admin, '?force=true');
    expect(forced.status).toBe(200);
    expect(await forced.json()).toMatchObject({ action: 'RemoteStartTransaction', status: 'Accepted' });
    expect(cp.received.at(-1)).toEqual({ action: 'RemoteStartTransaction', payload });
  });

  it('sends a start on a free connector, and one without connectorId, without force', async () => {
    for (const payload of [{ connectorId: 2, idTag: 'T-2' }, { idTag: 'T-ANY' }]) {
      expect((await send('RemoteStartTransaction', payload)).status).toBe(200);
      expect(cp.received.at(-1)).toEqual({ action: 'RemoteStartTransaction', payload });
    }
  });
});

describe("the charge point's CALLERROR", () => {
  it('comes back as 502 with its code and description, and is logged as failed', async () => {
    cp.handlers.delete('ClearCache');
    try {
      const res = await send('ClearCache', {});
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({
        code: 'COMMAND_REJECTED',
        ocpp_error: { code: 'NotImplemented', description: 'ClearCache not handled by the test' },
      });
      const log = await db
        .select()
        .from(customerServiceLogs)
        .where(and(eq(customerServiceLogs.stationId, stationId), eq(customerServiceLogs.action, 'ClearCache')))
        .orderBy(desc(customerServiceLogs.id))
        .get();
      expect(log).toMatchObject({
        result: 'failed',
        errorMessage: 'NotImplemented: ClearCache not handled by the test',
      });
    } finally {
      cp.handle('ClearCache', () => ({ status: 'Accepted' }));
    }
  });
});

describe('AuthorizationKey through ChangeConfiguration', () => {
  it('sends the value verbatim, keeps it out of the log, and hands the decoded hex key over as the password', async () => {
    const password = 'verbatim-key-0123456789';
    const value = [...new TextEncoder().encode(password)].map((b) => b.toString(16).padStart(2, '0')).join('');
    const res = await send('ChangeConfiguration', { key: 'AuthorizationKey', value });
    expect(await res.json()).toMatchObject({ action: 'ChangeConfiguration', status: 'Accepted' });
    expect(cp.received.at(-1)).toEqual({ action: 'ChangeConfiguration', payload: { key: 'AuthorizationKey', value } });
    const logs = await db.select().from(customerServiceLogs).where(eq(customerServiceLogs.stationId, stationId));
    expect(JSON.stringify(logs)).not.toContain(value);
    expect(await db.select().from(stationPendingKeys).where(eq(stationPendingKeys.stationId, stationId))).toEqual([]);
    expect((await ocpp().fetch(upgradeRequest(uid, PASSWORD))).status).toBe(401);
    const again = await connectChargePoint(uid, password);
    again.close();
    // Back to the first password for the other tests.
    await db
      .update(stations)
      .set({ ocppPasswordHash: await hashPassword(PASSWORD, 1000) })
      .where(eq(stations.id, stationId));
    const next = await connectChargePoint(uid, PASSWORD);
    for (const [action, handler] of cp.handlers) next.handle(action, handler);
    cp.close();
    cp = next;
  });
});

describe('access', () => {
  it('view-only role 32 and basic maintenance 58 get 403, and nothing is sent', async () => {
    const before = cp.received.length;
    for (const who of [viewer, basic]) {
      const res = await send('UnlockConnector', { connectorId: 1 }, who);
      expect(res.status).toBe(403);
    }
    expect(cp.received.length).toBe(before);
  });

  it("another company's station is 404 (ADR 005)", async () => {
    const res = await call(`/stations/${outsiderUid}/commands/Reset`, { ...admin, json: { type: 'Soft' } });
    await expectError(res, 404, { code: 'STATION_NOT_FOUND', message: `Station uid: ${outsiderUid} not found.` });
  });

  it('the named commands of ADR 014 still answer on their kebab-case paths', async () => {
    const res = await send('clear-cache', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ action: 'ClearCache' });
  });
});
