/**
 * A whole charge over the live endpoint, driven by ocpp-rpc in strict mode: every reply is checked
 * against the OCA 1.6 schemas by an independent library.
 */
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RFIDS } from '../../drizzle/seed/demo-rfids';
import { demoCharger } from './helpers';

const card = DEMO_RFIDS.find((r) => r.expected === 'Accepted');
let client: RPCClient;

beforeAll(async () => {
  client = demoCharger('VLT-LYO-001');
  await client.connect();
});
afterAll(async () => {
  await client.close({ force: true });
});

describe('a demo station charges a demo card', () => {
  it('boots, reports status, authorizes, starts, meters and stops', async () => {
    if (!card) throw new Error('the demo data has no accepted card');
    const boot = await client.call('BootNotification', {
      chargePointVendor: 'Wallbox',
      chargePointModel: 'Commander 2',
      firmwareVersion: '6.1.3',
    });
    expect(boot).toMatchObject({ status: 'Accepted' });
    expect(
      await client.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available' }),
    ).toEqual({});
    expect(
      await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' }),
    ).toEqual({});
    const auth = (await client.call('Authorize', { idTag: card.uuid })) as { idTagInfo: { status: string } };
    expect(auth.idTagInfo.status).toBe(card.expected);

    const t0 = Date.now();
    const start = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: card.uuid,
      meterStart: 12_000,
      timestamp: new Date(t0).toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(start.transactionId).toBeGreaterThan(0);
    expect(start.idTagInfo.status).toBe('Accepted');
    await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
    expect(
      await client.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [
          {
            timestamp: new Date(t0 + 60_000).toISOString(),
            sampledValue: [
              { value: '12.183', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
              { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
              { value: '16.1', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
            ],
          },
        ],
      }),
    ).toEqual({});
    expect(await client.call('Heartbeat', {})).toHaveProperty('currentTime');
    const stop = await client.call('StopTransaction', {
      transactionId: start.transactionId,
      idTag: card.uuid,
      meterStop: 12_366,
      timestamp: new Date(t0 + 120_000).toISOString(),
      reason: 'Local',
    });
    expect(stop).toEqual({ idTagInfo: { status: 'Accepted' } });
    expect(
      await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Finishing' }),
    ).toEqual({});
  });

  it('answers DataTransfer and the security notifications with schema-valid replies', async () => {
    expect(await client.call('DataTransfer', { vendorId: 'ACME' })).toEqual({ status: 'UnknownVendorId' });
    expect(await client.call('SignCertificate', { csr: 'CSR' })).toEqual({ status: 'Rejected' });
    expect(
      await client.call('SecurityEventNotification', {
        type: 'StartupOfTheDevice',
        timestamp: new Date().toISOString(),
      }),
    ).toEqual({});
  });
});
