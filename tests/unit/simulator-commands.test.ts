/**
 * Every central-system command against one simulated charge point, through a bare ocpp-rpc server
 * in strict mode on loopback: a reply that breaks the OCA 1.6 schemas fails the call, so each
 * expectation also proves the reply is schema-valid.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IHandlersOption, RPCServer } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATIONS } from '../../scripts/simulator/demo-stations';
import { SimStation } from '../../scripts/simulator/station';
import { newStats } from '../../scripts/simulator/stats';

type ServerClient = Parameters<Parameters<RPCServer['on']>[1]>[0];
const received: { method: string; params: Record<string, unknown> }[] = [];
const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
let cp: ServerClient;
let station: SimStation;
const stats = newStats();
const passwords: (string | undefined)[] = [];
const call = (method: string, params: object) => cp.call(method, params) as Promise<Record<string, unknown>>;
const waitFor = async (method: string, match: (p: Record<string, unknown>) => boolean = () => true) => {
  for (let i = 0; i < 100; i++) {
    const hit = received.find((r) => r.method === method && match(r.params));
    if (hit) return hit.params;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${method} received`);
};

beforeAll(async () => {
  const now = () => new Date().toISOString();
  let nextTx = 100;
  server.auth((accept, _reject, handshake) => {
    passwords.push(handshake.password?.toString());
    accept();
  });
  const connected = new Promise<void>((resolve) =>
    server.on('client', (client: ServerClient) => {
      cp = client;
      client.handle(({ method, params }: IHandlersOption) => {
        received.push({ method: method as string, params: params as Record<string, unknown> });
        const accepted = { idTagInfo: { status: 'Accepted' } };
        const replies: Record<string, object> = {
          BootNotification: { status: 'Accepted', currentTime: now(), interval: 300 },
          Heartbeat: { currentTime: now() },
          Authorize: accepted,
          StartTransaction: { transactionId: nextTx++, ...accepted },
          StopTransaction: accepted,
        };
        return Promise.resolve(replies[method as string] ?? {});
      });
      resolve();
    }),
  );
  const http = await server.listen(0, '127.0.0.1');
  const spec = DEMO_STATIONS[2] ?? DEMO_STATIONS[0];
  if (!spec) throw new Error('no demo station');
  station = new SimStation(
    spec,
    {
      url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
      idTags: ['TAG'],
      password: 'first-password-0001',
      meterIntervalSeconds: 60,
      sessionSeconds: [600, 600],
    },
    stats,
  );
  await station.connect();
  await connected;
  await waitFor('StatusNotification', (p) => p.connectorId === 2);
});

afterAll(async () => {
  await station.shutdown();
  await server.close({ force: true });
});

describe('simulated charge point answers', () => {
  it('booted and reported connector 0 and each connector', () => {
    expect(received.filter((r) => r.method === 'StatusNotification').map((r) => r.params.connectorId)).toEqual([
      0, 1, 2,
    ]);
  });

  it('configuration: Get, Change, unknown keys', async () => {
    const all = await call('GetConfiguration', {});
    expect((all.configurationKey as unknown[]).length).toBeGreaterThan(30);
    expect(await call('ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '1' })).toEqual({
      status: 'Accepted',
    });
    expect(await call('ChangeConfiguration', { key: 'Nope', value: '1' })).toEqual({ status: 'NotSupported' });
  });

  it('remote start, a TxProfile, meter values, availability Scheduled, remote stop', async () => {
    expect(await call('RemoteStartTransaction', { connectorId: 1, idTag: 'TAG' })).toEqual({ status: 'Accepted' });
    const start = await waitFor('StartTransaction');
    expect(start).toMatchObject({ connectorId: 1, idTag: 'TAG' });
    // The server saw the request; the station holds the transaction once it has read the reply.
    for (let i = 0; i < 100 && !station.connector(1)?.tx; i++) await new Promise((r) => setTimeout(r, 50));
    const tx = station.connector(1)?.tx;
    expect(tx).toBeDefined();
    const profile = {
      chargingProfileId: 5,
      stackLevel: 1,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 7000 }] },
    };
    expect(await call('SetChargingProfile', { connectorId: 1, csChargingProfiles: profile })).toEqual({
      status: 'Accepted',
    });
    const composite = await call('GetCompositeSchedule', { connectorId: 1, duration: 600, chargingRateUnit: 'W' });
    expect(composite).toMatchObject({
      status: 'Accepted',
      chargingSchedule: { chargingSchedulePeriod: [{ limit: 7000 }] },
    });
    await waitFor('MeterValues', (p) => p.transactionId === tx?.id);
    expect(await call('ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).toEqual({ status: 'Scheduled' });
    expect(await call('RemoteStopTransaction', { transactionId: tx?.id })).toEqual({ status: 'Accepted' });
    const stop = await waitFor('StopTransaction');
    expect(stop).toMatchObject({ transactionId: tx?.id, reason: 'Remote' });
    await waitFor('StatusNotification', (p) => p.connectorId === 1 && p.status === 'Unavailable');
    expect(await call('ChangeAvailability', { connectorId: 1, type: 'Operative' })).toEqual({ status: 'Accepted' });
    expect(await call('ClearChargingProfile', { id: 5 })).toEqual({ status: 'Accepted' });
    expect(await call('RemoteStopTransaction', { transactionId: 999 })).toEqual({ status: 'Rejected' });
  });

  it.each([
    ['UnlockConnector', { connectorId: 2 }, { status: 'Unlocked' }],
    ['UnlockConnector', { connectorId: 9 }, { status: 'NotSupported' }],
    ['ClearCache', {}, { status: 'Accepted' }],
    ['DataTransfer', { vendorId: 'Other' }, { status: 'UnknownVendorId' }],
    ['TriggerMessage', { requestedMessage: 'Heartbeat' }, { status: 'Accepted' }],
    ['TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 7 }, { status: 'Rejected' }],
    ['GetLocalListVersion', {}, { listVersion: 0 }],
    [
      'SendLocalList',
      {
        listVersion: 3,
        updateType: 'Full',
        localAuthorizationList: [{ idTag: 'A', idTagInfo: { status: 'Accepted' } }],
      },
      { status: 'Accepted' },
    ],
    ['SendLocalList', { listVersion: 2, updateType: 'Differential' }, { status: 'VersionMismatch' }],
    [
      'ReserveNow',
      { connectorId: 2, expiryDate: '2099-01-01T00:00:00Z', idTag: 'TAG', reservationId: 8 },
      { status: 'Accepted' },
    ],
    [
      'ReserveNow',
      { connectorId: 2, expiryDate: '2099-01-01T00:00:00Z', idTag: 'X', reservationId: 9 },
      { status: 'Occupied' },
    ],
    ['CancelReservation', { reservationId: 8 }, { status: 'Accepted' }],
    ['CancelReservation', { reservationId: 8 }, { status: 'Rejected' }],
    ['ClearChargingProfile', { id: 77 }, { status: 'Unknown' }],
    [
      'SetChargingProfile',
      {
        connectorId: 1,
        csChargingProfiles: {
          chargingProfileId: 1,
          stackLevel: 0,
          chargingProfilePurpose: 'TxProfile',
          chargingProfileKind: 'Absolute',
          chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
        },
      },
      { status: 'Rejected' },
    ],
    ['ExtendedTriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 }, { status: 'Accepted' }],
    ['GetInstalledCertificateIds', { certificateType: 'CentralSystemRootCertificate' }, { status: 'NotFound' }],
    [
      'InstallCertificate',
      { certificateType: 'CentralSystemRootCertificate', certificate: 'not a certificate' },
      { status: 'Rejected' },
    ],
    [
      'DeleteCertificate',
      { certificateHashData: { hashAlgorithm: 'SHA256', issuerNameHash: 'a', issuerKeyHash: 'b', serialNumber: '1' } },
      { status: 'NotFound' },
    ],
    ['CertificateSigned', { certificateChain: 'nothing asked' }, { status: 'Rejected' }],
  ])('%s %j', async (method, params, expected) => {
    expect(await call(method, params)).toEqual(expected);
  });

  it('diagnostics and logs: a file name, then an honest upload failure for a non-loopback location', async () => {
    const diag = await call('GetDiagnostics', { location: 'ftp://diagnostics.invalid/' });
    expect(diag.fileName).toMatch(/diagnostics/);
    await waitFor('DiagnosticsStatusNotification', (p) => p.status === 'UploadFailed');
    const log = await call('GetLog', {
      logType: 'SecurityLog',
      requestId: 4,
      log: { remoteLocation: 'ftp://x.invalid/' },
    });
    expect(log).toMatchObject({ status: 'Accepted' });
    await waitFor('LogStatusNotification', (p) => p.status === 'UploadFailure' && p.requestId === 4);
  });

  it('firmware: UpdateFirmware reports DownloadFailed for an unreachable location', async () => {
    expect(
      await call('UpdateFirmware', { location: 'ftp://fw.invalid/f.bin', retrieveDate: new Date().toISOString() }),
    ).toEqual({});
    await waitFor('FirmwareStatusNotification', (p) => p.status === 'DownloadFailed');
    const signed = await call('SignedUpdateFirmware', {
      requestId: 1,
      firmware: {
        location: 'ftp://x',
        retrieveDateTime: new Date().toISOString(),
        signingCertificate: 'x',
        signature: 'x',
      },
    });
    expect(signed).toEqual({ status: 'InvalidCertificate' });
  });

  it('Reset: stops nothing that is not running, reconnects and boots again', async () => {
    const boots = received.filter((r) => r.method === 'BootNotification').length;
    expect(await call('Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
    for (let i = 0; i < 100 && received.filter((r) => r.method === 'BootNotification').length === boots; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(received.filter((r) => r.method === 'BootNotification').length).toBe(boots + 1);
    expect(stats.errors).toBe(0);
  });
});

describe('Security Whitepaper', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-certs-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/CN=Bench Root',
    '-days',
    '2',
  );

  it('installs, lists and deletes a root certificate', async () => {
    const certificate = openssl('x509', '-in', 'ca.pem');
    const type = { certificateType: 'CentralSystemRootCertificate' };
    expect(await call('InstallCertificate', { ...type, certificate })).toEqual({ status: 'Accepted' });
    const listed = await call('GetInstalledCertificateIds', type);
    const [hash] = listed.certificateHashData as object[];
    expect(listed.status).toBe('Accepted');
    expect(await call('DeleteCertificate', { certificateHashData: hash })).toEqual({ status: 'Accepted' });
    expect(await call('GetInstalledCertificateIds', type)).toEqual({ status: 'NotFound' });
  });

  it('signs a CSR on request and accepts only the certificate made for its own key', async () => {
    expect(await call('ExtendedTriggerMessage', { requestedMessage: 'SignChargePointCertificate' })).toEqual({
      status: 'Accepted',
    });
    const { csr } = (await waitFor('SignCertificate')) as { csr: string };
    writeFileSync(join(dir, 'cp.csr'), csr);
    openssl(
      'x509',
      '-req',
      '-in',
      'cp.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'cp.pem',
      '-days',
      '1',
    );
    const chain = openssl('x509', '-in', 'cp.pem') + openssl('x509', '-in', 'ca.pem');
    expect(await call('CertificateSigned', { certificateChain: openssl('x509', '-in', 'ca.pem') })).toEqual({
      status: 'Rejected',
    });
    expect(await call('CertificateSigned', { certificateChain: chain })).toEqual({ status: 'Accepted' });
  });

  it('reconnects with a new AuthorizationKey', async () => {
    const key = 'second-password-0002';
    expect(await call('ChangeConfiguration', { key: 'AuthorizationKey', value: key })).toEqual({ status: 'Accepted' });
    for (let i = 0; i < 100 && passwords.at(-1) !== key; i++) await new Promise((r) => setTimeout(r, 50));
    expect(passwords[0]).toBe('first-password-0001');
    expect(passwords.at(-1)).toBe(key);
  });
});
