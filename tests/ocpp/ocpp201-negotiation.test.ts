/**
 * OCPP 2.0.1 on /ocpp/{id} (issue 23 part 1, ADR 058): the subprotocol negotiated with the station's
 * configured version, recorded in D1 and the object; boot, status, authorize and the 2.0.1 error codes.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectors, stations } from '../../drizzle/schema';
import { aStation, db, stub, TestCharger } from './helpers';
import { connect201, upgradeOffering } from './helpers-201';

type Configured = 'ocpp1.6' | 'ocpp2.0.1' | null;

async function stationConfigured(configured: Configured) {
  const w = await aStation();
  await db.update(stations).set({ ocppVersion: configured }).where(eq(stations.id, w.stationId));
  return w;
}

describe('subprotocol negotiation', () => {
  const matrix: [Configured, string, string | null][] = [
    [null, 'ocpp2.0.1, ocpp1.6', 'ocpp2.0.1'],
    [null, 'ocpp1.6, ocpp2.0.1', 'ocpp1.6'],
    [null, 'ocpp2.0, ocpp2.0.1', 'ocpp2.0.1'],
    ['ocpp1.6', 'ocpp2.0.1, ocpp1.6', 'ocpp1.6'],
    ['ocpp1.6', 'ocpp2.0.1', null],
    ['ocpp2.0.1', 'ocpp1.6, ocpp2.0.1', 'ocpp2.0.1'],
    ['ocpp2.0.1', 'ocpp1.6', null],
  ];
  for (const [configured, offered, expected] of matrix) {
    it(`configured ${configured ?? 'auto'}, offered "${offered}" → ${expected ?? '400'}`, async () => {
      const w = await stationConfigured(configured);
      const res = await upgradeOffering(w.uid, offered);
      const row = await db.select().from(stations).where(eq(stations.id, w.stationId)).get();
      if (expected === null) {
        expect(res.status).toBe(400);
        expect(await res.text()).toBe(`Subprotocol ${configured} required for this station`);
        expect(row?.ocppVersionConnected).toBeNull();
        return;
      }
      expect(res.status).toBe(101);
      expect(res.headers.get('sec-websocket-protocol')).toBe(expected);
      res.webSocket?.accept();
      expect(row?.ocppVersionConnected).toBe(expected);
      expect((await stub(w.uid).state()).ocppVersion).toBe(expected);
      res.webSocket?.close(1000, 'test done');
    });
  }

  it('answers a station in the version of its newest connection', async () => {
    const w = await aStation();
    const first = await connect201(w.uid, 'ocpp2.0.1, ocpp1.6');
    first.close();
    const res = await upgradeOffering(w.uid, 'ocpp1.6');
    res.webSocket?.accept();
    const cp16 = new TestCharger(res.webSocket as WebSocket);
    // A 1.6 BootNotification is valid again, and the D1 column follows.
    const boot = await cp16.ok('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
    expect(boot.status).toBe('Accepted');
    const row = await db.select().from(stations).where(eq(stations.id, w.stationId)).get();
    expect(row?.ocppVersionConnected).toBe('ocpp1.6');
    cp16.close();
  });
});

describe('OCPP 2.0.1 station', () => {
  it('boots Accepted with the interval, recorded on the station; a pending station is told Pending', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const boot = await cs.ok('BootNotification', {
      chargingStation: { vendorName: 'Alfen', model: 'Eve Pro', serialNumber: 'SN-201', firmwareVersion: '6.1.0' },
      reason: 'PowerUp',
    });
    expect(boot).toMatchObject({ status: 'Accepted', interval: expect.any(Number) });
    const row = await db.select().from(stations).where(eq(stations.id, w.stationId)).get();
    expect(row).toMatchObject({ brand: 'Alfen', model: 'Eve Pro', serialNumber: 'SN-201', firmware: '6.1.0' });
    expect(await cs.ok('Heartbeat', {})).toEqual({ currentTime: expect.any(String) });
    cs.close();
    const pending = await aStation({ registration: 'pending' });
    const other = await connect201(pending.uid);
    const answer = await other.ok('BootNotification', {
      chargingStation: { vendorName: 'Alfen', model: 'Eve Pro' },
      reason: 'PowerUp',
    });
    expect(answer.status).toBe('Pending');
    other.close();
  });

  it('maps EVSE ids to connector numbers: a status reaches the connector row, EVSE 0 only the object', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const at = new Date().toISOString();
    await cs.ok('StatusNotification', { timestamp: at, connectorStatus: 'Occupied', evseId: 1, connectorId: 1 });
    await cs.ok('StatusNotification', { timestamp: at, connectorStatus: 'Faulted', evseId: 2, connectorId: 1 });
    await cs.ok('StatusNotification', { timestamp: at, connectorStatus: 'Unavailable', evseId: 0, connectorId: 0 });
    const rows = await db.select().from(connectors).where(eq(connectors.stationId, w.stationId));
    const byNumber = Object.fromEntries(rows.map((r) => [r.connectorNumber, r.status]));
    expect(byNumber).toEqual({ 1: 'preparing', 2: 'faulted' });
    const state = await stub(w.uid).state();
    expect(state.connectors.map((c) => [c.connectorId, c.status])).toEqual([
      [0, 'Unavailable'],
      [1, 'Preparing'],
      [2, 'Faulted'],
    ]);
    cs.close();
  });

  it('authorizes an idToken from the back office cards, whatever its type; NoAuthorization is Invalid', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    for (const type of ['ISO14443', 'ISO15693', 'eMAID', 'Central', 'KeyCode', 'Local', 'MacAddress']) {
      expect(await cs.ok('Authorize', { idToken: { idToken: w.idTag, type } })).toMatchObject({
        idTokenInfo: { status: 'Accepted' },
      });
    }
    expect(await cs.ok('Authorize', { idToken: { idToken: 'NOSUCHCARD', type: 'ISO14443' } })).toMatchObject({
      idTokenInfo: { status: 'Invalid' },
    });
    expect(await cs.ok('Authorize', { idToken: { idToken: '', type: 'NoAuthorization' } })).toMatchObject({
      idTokenInfo: { status: 'Invalid' },
    });
    cs.close();
  });

  it('refuses invalid frames and payloads with the OCPP 2.0.1 error codes', async () => {
    const w = await aStation();
    const { cp } = await connect201(w.uid);
    const code = async (frame: string, id: string) => {
      cp.sendRaw(frame);
      const f = await cp.next((x) => x[0] === 4 && x[1] === id);
      return f[2];
    };
    expect(await code(JSON.stringify([2, 'a', 'BootNotification', { reason: 'PowerUp' }]), 'a')).toBe(
      'OccurrenceConstraintViolation',
    );
    const status = { timestamp: new Date().toISOString(), evseId: 1, connectorId: 1 };
    expect(
      await code(JSON.stringify([2, 'b', 'StatusNotification', { ...status, connectorStatus: 'Charging' }]), 'b'),
    ).toBe('PropertyConstraintViolation');
    const typed = { ...status, connectorStatus: 'Available', evseId: '1' };
    expect(await code(JSON.stringify([2, 'c', 'StatusNotification', typed]), 'c')).toBe('TypeConstraintViolation');
    expect(await code(JSON.stringify([2, 'd', 'Heartbeat', 'not an object']), 'd')).toBe('FormatViolation');
    expect(await code(JSON.stringify([7, 'e', {}]), 'e')).toBe('MessageTypeNotSupported');
    expect(await code('not json', '-1')).toBe('RpcFrameworkError');
    expect(await code(JSON.stringify([2, 'f', 'RequestStartTransaction', {}]), 'f')).toBe('NotSupported');
    // A 1.6 action on a 2.0.1 connection is not an action of the version spoken.
    expect(await code(JSON.stringify([2, 'g', 'StartTransaction', {}]), 'g')).toBe('NotImplemented');
    cp.close();
  });
});
