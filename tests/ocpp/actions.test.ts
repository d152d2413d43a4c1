/** Every charge point → central system action of OCPP 1.6J and the Security Whitepaper. */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectorStatusHistory, connectors, rfids, stations } from '../../drizzle/schema';
import { aStation, connect, db, iso, stub } from './helpers';

async function connectorRow(stationId: number, n: number) {
  return db.query.connectors.findFirst({
    where: and(eq(connectors.stationId, stationId), eq(connectors.connectorNumber, n)),
  });
}

describe('StatusNotification', () => {
  it('maps every OCPP status and writes history only on change', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const cases = [
      ['Available', 'available'],
      ['Preparing', 'preparing'],
      ['Charging', 'charging'],
      ['SuspendedEV', 'suspended_ev'],
      ['SuspendedEVSE', 'suspended_evse'],
      ['Finishing', 'finishing'],
      ['Reserved', 'reserved'],
      ['Unavailable', 'unavailable'],
      ['Faulted', 'faulted'],
    ] as const;
    for (const [ocpp, ours] of cases) {
      expect(await cp.ok('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: ocpp })).toEqual({});
      expect((await connectorRow(w.stationId, 1))?.status).toBe(ours);
    }
    // The same state again: no new history row.
    await cp.ok('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Faulted' });
    const row = await connectorRow(w.stationId, 1);
    const history = await db
      .select()
      .from(connectorStatusHistory)
      .where(eq(connectorStatusHistory.connectorId, row?.id ?? 0));
    expect(history.map((h) => h.status)).toEqual(cases.map(([, ours]) => ours));
    cp.close();
  });

  it('keeps error codes, info and vendor codes, and connector 0 in the object only', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('StatusNotification', {
      connectorId: 2,
      errorCode: 'GroundFailure',
      status: 'Faulted',
      info: 'RCD tripped',
      vendorId: 'ACME',
      vendorErrorCode: 'E42',
      timestamp: iso(Date.UTC(2026, 10, 21, 9)),
    });
    const row = await connectorRow(w.stationId, 2);
    expect(row).toMatchObject({
      status: 'faulted',
      errorCode: 'GroundFailure',
      statusInfo: 'RCD tripped; vendor ACME E42',
    });
    expect(row?.statusChangedAt?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    await cp.ok('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Unavailable' });
    const state = await stub(w.uid).state();
    expect(state.connectors.map((c) => [c.connectorId, c.status])).toEqual([
      [0, 'Unavailable'],
      [2, 'Faulted'],
    ]);
    cp.close();
  });

  it('creates the connector row for a connector the back office did not know', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('StatusNotification', { connectorId: 3, errorCode: 'NoError', status: 'Available' });
    expect(await connectorRow(w.stationId, 3)).toMatchObject({ uid: `${w.uid}-3`, status: 'available' });
    cp.close();
  });
});

describe('Authorize', () => {
  it('accepts an active card of a permitted user and refuses unknown or blocked ones', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    expect(await cp.ok('Authorize', { idTag: w.idTag })).toEqual({ idTagInfo: { status: 'Accepted' } });
    expect(await cp.ok('Authorize', { idTag: 'UNKNOWN-TAG' })).toEqual({ idTagInfo: { status: 'Invalid' } });
    await db.update(rfids).set({ status: 'blocked' }).where(eq(rfids.uuid, w.idTag));
    expect(await cp.ok('Authorize', { idTag: w.idTag })).toEqual({ idTagInfo: { status: 'Blocked' } });
    const station = await db.query.stations.findFirst({ where: eq(stations.id, w.stationId) });
    expect(station?.lastAuthorizationAt).toBeInstanceOf(Date);
    cp.close();
  });
});

describe('idTagInfo.parentIdTag', () => {
  it("answers a card's group id in Authorize and StartTransaction", async () => {
    const w = await aStation();
    await db.update(rfids).set({ parentIdTag: 'FLEET-GROUP-7' }).where(eq(rfids.uuid, w.idTag));
    const cp = await connect(w.uid);
    const info = { status: 'Accepted', parentIdTag: 'FLEET-GROUP-7' };
    expect(await cp.ok('Authorize', { idTag: w.idTag })).toEqual({ idTagInfo: info });
    const start = await cp.ok('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: iso(Date.now()),
    });
    expect(start.idTagInfo).toEqual(info);
    cp.close();
  });
});

describe('Heartbeat', () => {
  it('records the heartbeat in the object and last seen in D1 once per 15 minutes', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('Heartbeat', {});
    const first = (await db.query.stations.findFirst({ where: eq(stations.id, w.stationId) }))?.lastHeartbeatAt;
    expect(first).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 20));
    await cp.ok('Heartbeat', {});
    const second = (await db.query.stations.findFirst({ where: eq(stations.id, w.stationId) }))?.lastHeartbeatAt;
    expect(second?.getTime()).toBe(first?.getTime());
    const state = await stub(w.uid).state();
    expect(Date.parse(state.lastHeartbeat ?? '')).toBeGreaterThan(first?.getTime() ?? 0);
    // Read from the frame log (no write per Heartbeat): an eviction keeps it; without the log, the
    // time kept with the 15-minute D1 write remains.
    await evictDurableObject(stub(w.uid));
    expect((await stub(w.uid).state()).lastHeartbeat).toBe(state.lastHeartbeat);
    await runInDurableObject(stub(w.uid), (_i, s) => s.storage.sql.exec('DELETE FROM frames'));
    const kept = Date.parse((await stub(w.uid).state()).lastHeartbeat ?? '');
    expect(Math.abs(kept - (first?.getTime() ?? 0))).toBeLessThan(1000);
    expect(kept).toBeLessThan(Date.parse(state.lastHeartbeat ?? ''));
    cp.close();
  });
});

describe('MeterValues', () => {
  it('accepts every measurand, phase, context, location and unit, also outside a transaction', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const reply = await cp.ok('MeterValues', {
      connectorId: 1,
      meterValue: [
        {
          timestamp: iso(Date.now()),
          sampledValue: [
            { value: '1234.5', measurand: 'Energy.Active.Import.Register', unit: 'kWh', context: 'Sample.Clock' },
            { value: '7.2', measurand: 'Power.Active.Import', unit: 'kW', phase: 'L1', location: 'Outlet' },
            { value: '230.1', measurand: 'Voltage', unit: 'V', phase: 'L1-N' },
            { value: '16', measurand: 'Current.Import', unit: 'A', phase: 'L2' },
            { value: '41', measurand: 'Temperature', unit: 'Celsius', location: 'Body' },
            { value: '80', measurand: 'SoC', unit: 'Percent', location: 'EV', context: 'Trigger' },
            { value: '50.0', measurand: 'Frequency' },
            { value: 'AB12CD', format: 'SignedData', context: 'Other' },
          ],
        },
      ],
    });
    expect(reply).toEqual({});
    cp.close();
  });
});

describe('the other notifications', () => {
  it('answers Diagnostics, Firmware, SignedFirmware, Log status and SecurityEvent notifications', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    expect(await cp.ok('DiagnosticsStatusNotification', { status: 'Uploaded' })).toEqual({});
    expect(await cp.ok('FirmwareStatusNotification', { status: 'Installed' })).toEqual({});
    expect(await cp.ok('SignedFirmwareStatusNotification', { status: 'SignatureVerified', requestId: 3 })).toEqual({});
    expect(await cp.ok('LogStatusNotification', { status: 'Uploaded', requestId: 4 })).toEqual({});
    expect(
      await cp.ok('SecurityEventNotification', {
        type: 'ReconfigurationOfSecurityParameters',
        timestamp: iso(Date.now()),
      }),
    ).toEqual({});
    cp.close();
  });

  it('rejects an unreadable SignCertificate CSR (certificates.test.ts has the rest) and DataTransfer from unknown vendors', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    expect(await cp.ok('SignCertificate', { csr: '-----BEGIN CERTIFICATE REQUEST-----' })).toEqual({
      status: 'Rejected',
    });
    expect(await cp.ok('DataTransfer', { vendorId: 'ACME', messageId: 'x', data: '{}' })).toEqual({
      status: 'UnknownVendorId',
    });
    cp.close();
  });
});
