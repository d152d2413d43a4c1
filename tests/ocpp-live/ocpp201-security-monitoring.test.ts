/**
 * The rest of issue 23 part 7 over the live endpoint, beside ocpp201-blocks.test.ts: ocpp-rpc in strict
 * `ocpp2.0.1` mode (every request and answer checked against the OCA 2.0.1 schemas, both ways) drives
 * SetNetworkProfile and GetReport (B), the monitoring commands and NotifyMonitoringReport (N), the
 * certificate commands and the ISO 15118 requests the product refuses (A, M), and signed meter values
 * in a TransactionEvent (ADR 060). Each outcome is read back through the API: the command's answer, the
 * station log, the station's reports and the session's verified values.
 *
 * Its own station (VLT-LYO-003, which no other live test uses): a transaction on VLT-MAR-001 before the
 * load test of ocpp201-blocks would keep that station's "no site" answer for 5 minutes (ADR 059).
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OCPP_PASSWORD } from '../../drizzle/seed/demo';
import { api, apiLogin, connectorIdOf, endpoint } from './helpers';

const STATION = 'VLT-LYO-003';
const idToken = { idToken: 'DEMO-RFID-0003', type: 'ISO14443' };
type Params = Record<string, unknown>;

let cookie = '';
let cs: RPCClient;
const received: { action: string; params: Params }[] = [];
const answers: Record<string, Params> = {};
const now = () => new Date().toISOString();
const lastReceived = (action: string) => received.filter((r) => r.action === action).at(-1)?.params;

/** The operator's API command (`POST /stations/{uid}/commands/{action}`), its answer. */
async function command(action: string, body: object) {
  const res = await api(`/stations/${STATION}/commands/${action}`, {
    cookie,
    method: 'POST',
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { succeeded: boolean; reply: Params; code?: string } };
}

async function stationLog(action: string) {
  const res = await api(`/stations/${STATION}/ocpp-log?limit=200`, { cookie });
  return ((await res.json()) as { data: { action: string | null; payload: string | null }[] }).data.filter(
    (e) => e.action === action,
  );
}

async function ocppReports() {
  type Collected = { request_id: number; complete: boolean; items: unknown[] };
  const res = await api(`/stations/${STATION}/ocpp-reports`, { cookie });
  return (await res.json()) as { base_reports: (Collected & { variables: number })[]; monitoring: Collected[] };
}

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBTESTCERTIFICATEONLY\n-----END CERTIFICATE-----';
const hashData = { hashAlgorithm: 'SHA256', issuerNameHash: 'a1b2', issuerKeyHash: 'c3d4', serialNumber: '0F' };
const evsePower = { component: { name: 'EVSE', evse: { id: 1 } }, variable: { name: 'Power' } };

beforeAll(async () => {
  cookie = await apiLogin('admin@voltaria.test');
  const options = {
    endpoint,
    identity: STATION,
    password: DEMO_OCPP_PASSWORD,
    protocols: ['ocpp2.0.1'],
    strictMode: true,
    reconnect: false,
  };
  cs = new RPCClient(options as unknown as ConstructorParameters<typeof RPCClient>[0]);
  cs.handle(async ({ method, params }) => {
    received.push({ action: String(method), params: params ?? {} });
    return answers[String(method)] ?? { status: 'Accepted' };
  });
  await cs.connect();
  await cs.call('BootNotification', {
    reason: 'PowerUp',
    chargingStation: { vendorName: 'Alpitronic', model: 'HYC150', firmwareVersion: '3.0.0' },
  });
});
afterAll(async () => {
  await cs.close({ force: true });
});

describe('the remaining 2.0.1 blocks, answered by a strict 2.0.1 station', () => {
  it('B: SetNetworkProfile reaches the station with its secrets, the log keeps a mask; GetReport → NotifyReport', async () => {
    const connectionData = {
      ocppVersion: 'OCPP20',
      ocppTransport: 'JSON',
      ocppCsmsUrl: 'wss://csms.example.test/ocpp',
      messageTimeout: 30,
      securityProfile: 2,
      ocppInterface: 'Wireless0',
      apn: { apn: 'internet.example', apnPassword: 'apn-s3cret', apnAuthentication: 'AUTO' },
    };
    const profile = await command('set-network-profile', { configurationSlot: 1, connectionData });
    expect([profile.status, profile.body.succeeded]).toEqual([200, true]);
    expect(lastReceived('SetNetworkProfile')).toEqual({ configurationSlot: 1, connectionData });
    const logged = (await stationLog('SetNetworkProfile')).map((e) => e.payload ?? '').join('\n');
    expect(logged).toContain('********');
    expect(logged).not.toContain('apn-s3cret');

    const asked = await command('GetReport', { requestId: 501, componentCriteria: ['Available'] });
    expect(asked.body.succeeded).toBe(true);
    expect(lastReceived('GetReport')).toEqual({ requestId: 501, componentCriteria: ['Available'] });
    const attribute = (value: string) => [{ type: 'Actual', value, mutability: 'ReadOnly' }];
    await cs.call('NotifyReport', {
      requestId: 501,
      generatedAt: now(),
      seqNo: 0,
      reportData: [
        {
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Available' },
          variableAttribute: attribute('true'),
        },
        {
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power' },
          variableAttribute: attribute('150000'),
        },
      ],
    });
    expect((await ocppReports()).base_reports.find((r) => r.request_id === 501)).toMatchObject({
      complete: true,
      variables: 2,
    });
  });

  it('N: SetMonitoringLevel, SetVariableMonitoring, GetMonitoringReport → NotifyMonitoringReport, ClearVariableMonitoring', async () => {
    expect((await command('SetMonitoringLevel', { severity: 4 })).body.succeeded).toBe(true);
    expect(lastReceived('SetMonitoringLevel')).toEqual({ severity: 4 });

    answers.SetVariableMonitoring = {
      setMonitoringResult: [{ id: 9, status: 'Accepted', type: 'Delta', severity: 4, ...evsePower }],
    };
    const set = await command('SetVariableMonitoring', {
      setMonitoringData: [{ value: 1000, type: 'Delta', severity: 4, ...evsePower }],
    });
    expect(set.body.reply).toEqual(answers.SetVariableMonitoring);

    const asked = await command('GetMonitoringReport', { requestId: 502, monitoringCriteria: ['DeltaMonitoring'] });
    expect(asked.body.succeeded).toBe(true);
    const monitor = {
      ...evsePower,
      variableMonitoring: [{ id: 9, transaction: false, value: 1000, type: 'Delta', severity: 4 }],
    };
    expect(
      await cs.call('NotifyMonitoringReport', {
        requestId: 502,
        seqNo: 0,
        generatedAt: now(),
        tbc: true,
        monitor: [monitor],
      }),
    ).toEqual({});
    expect((await ocppReports()).monitoring.find((r) => r.request_id === 502)).toMatchObject({ complete: false });
    await cs.call('NotifyMonitoringReport', { requestId: 502, seqNo: 1, generatedAt: now(), monitor: [monitor] });
    expect((await ocppReports()).monitoring.find((r) => r.request_id === 502)).toEqual(
      expect.objectContaining({ complete: true, items: [monitor, monitor] }),
    );

    answers.ClearVariableMonitoring = { clearMonitoringResult: [{ status: 'Accepted', id: 9 }] };
    const cleared = await command('ClearVariableMonitoring', { id: [9] });
    expect(cleared.body.reply).toEqual(answers.ClearVariableMonitoring);
    expect(lastReceived('ClearVariableMonitoring')).toEqual({ id: [9] });
  });

  it('A and M: certificates installed and deleted; without a CA, CertificateSigned and ISO 15118 are refused', async () => {
    const installed = await command('install-certificate', {
      certificateType: 'CentralSystemRootCertificate',
      certificate: PEM,
    });
    expect(installed.body).toMatchObject({ succeeded: true, reply: { status: 'Accepted' } });
    expect(lastReceived('InstallCertificate')).toEqual({ certificateType: 'CSMSRootCertificate', certificate: PEM });

    answers.DeleteCertificate = { status: 'NotFound' };
    const deleted = await command('delete-certificate', { certificateHashData: hashData });
    expect(deleted.body.reply).toEqual({ status: 'NotFound' });
    expect(lastReceived('DeleteCertificate')).toEqual({ certificateHashData: hashData });

    // The live server has no CA configured: the CA chain cannot be appended, nothing is sent.
    const refused = await command('certificate-signed', { certificate: PEM });
    expect([refused.status, refused.body.code]).toEqual([409, 'NO_CERTIFICATE_AUTHORITY']);
    expect(lastReceived('CertificateSigned')).toBeUndefined();
    // The verbatim form carries the chain the operator gives.
    expect((await command('CertificateSigned', { certificateChain: PEM })).body.succeeded).toBe(true);
    expect(lastReceived('CertificateSigned')).toEqual({ certificateChain: PEM });

    const noCa = { reasonCode: 'NoCA', additionalInfo: 'ISO 15118 certificate management is not configured' };
    expect(
      await cs.call('Get15118EVCertificate', {
        iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
        action: 'Install',
        exiRequest: 'gAD+',
      }),
    ).toEqual({ status: 'Failed', exiResponse: '', statusInfo: noCa });
    expect(
      await cs.call('GetCertificateStatus', {
        ocspRequestData: { ...hashData, responderURL: 'http://ocsp.example.test' },
      }),
    ).toEqual({ status: 'Failed', statusInfo: noCa });
    expect((await stationLog('Get15118EVCertificate')).length).toBeGreaterThan(0);
  });

  it('signed meter values: a signedMeterValue of a TransactionEvent is verified valid, a tampered one invalid', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const spkiHex = publicKey.export({ type: 'spki', format: 'der' }).toString('hex');
    const ocmf = (kwh: number, at: Date, tx: string) => {
      const tm = `${at.toISOString().slice(0, 19)},000+0000 S`;
      const payload = JSON.stringify({
        FV: '1.0',
        GI: 'TEST METER',
        GS: 'MTR-LIVE',
        PG: 'T1',
        MS: 'MTR-LIVE',
        IS: true,
        RD: [{ TM: tm, TX: tx, RV: kwh, RI: '1-b:1.8.0', RU: 'kWh', ST: 'G' }],
      });
      const sd = sign('sha256', Buffer.from(payload), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('hex');
      return `OCMF|${payload}|${JSON.stringify({ SA: 'ECDSA-secp256r1-SHA256', SD: sd })}`;
    };
    const reading = (kwh: number, at: Date, context: string, signed: string) => ({
      timestamp: at.toISOString(),
      sampledValue: [
        {
          value: kwh * 1000,
          context,
          measurand: 'Energy.Active.Import.Register',
          signedMeterValue: {
            signedMeterData: Buffer.from(signed).toString('base64'),
            signingMethod: 'ECDSA-secp256r1-SHA256',
            encodingMethod: 'OCMF',
            publicKey: spkiHex,
          },
        },
      ],
    });
    const connectorId = await connectorIdOf(cookie, `${STATION}-1`);
    const sessions = async () =>
      (
        (await (await api(`/connectors/${connectorId}/recent-sessions`, { cookie })).json()) as {
          data: { id: number }[];
        }
      ).data;
    const before = new Set((await sessions()).map((s) => s.id));
    const transactionId = `LIVE-SIGNED-${Date.now()}`;
    const t0 = new Date(Date.now() - 60_000);
    const t1 = new Date();
    const started = (await cs.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: t0.toISOString(),
      seqNo: 0,
      triggerReason: 'Authorized',
      evse: { id: 1, connectorId: 1 },
      transactionInfo: { transactionId, chargingState: 'Charging' },
      idToken,
      meterValue: [reading(500, t0, 'Transaction.Begin', ocmf(500, t0, 'B'))],
    })) as { idTokenInfo?: { status: string } };
    expect(started.idTokenInfo?.status).toBe('Accepted');
    // The end reading changed after signing: 505 kWh signed, 506 sent.
    const tampered = ocmf(505, t1, 'E').replace('"RV":505', '"RV":506');
    await cs.call('TransactionEvent', {
      eventType: 'Ended',
      timestamp: t1.toISOString(),
      seqNo: 1,
      triggerReason: 'EVDeparted',
      transactionInfo: { transactionId, stoppedReason: 'EVDisconnected' },
      meterValue: [reading(506, t1, 'Transaction.End', tampered)],
    });
    const session = (await sessions()).find((s) => !before.has(s.id));
    expect(session).toBeDefined();
    const res = await api(`/sessions/${session?.id}/signed-meter-values`, { cookie });
    expect(res.status).toBe(200);
    const values = (await res.json()) as {
      data: { context: string; status: string; public_key_source: string; meter_serial: string | null }[];
    };
    expect(values.data.map((v) => [v.context, v.status, v.public_key_source, v.meter_serial])).toEqual([
      ['Transaction.Begin', 'valid', 'value', 'MTR-LIVE'],
      ['Transaction.End', 'invalid', 'value', 'MTR-LIVE'],
    ]);
  });
});
