/** OCPP-J framing and schema validation: each error code, and nothing a broken frame can crash. */
import { runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { chargingSessions, stations } from '../../drizzle/schema';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { aStation, connect, db, stub } from './helpers';

async function charger() {
  const { uid } = await aStation();
  return connect(uid);
}

describe('transport', () => {
  it('answers non-JSON with FormationViolation and keeps the connection', async () => {
    const cp = await charger();
    cp.sendRaw('this is not json');
    expect(await cp.next()).toEqual([4, '-1', 'FormationViolation', 'Message is not valid JSON', {}]);
    expect((await cp.call('Heartbeat', {}))[0]).toBe(3);
    cp.close();
  });

  it('answers a frame that is not an OCPP array with FormationViolation', async () => {
    const cp = await charger();
    cp.sendRaw(JSON.stringify({ hello: 'world' }));
    expect((await cp.next())[2]).toBe('FormationViolation');
    cp.sendRaw(JSON.stringify([2, 42, 'Heartbeat', {}]));
    expect((await cp.next())[2]).toBe('FormationViolation');
    cp.close();
  });

  it('answers a CALL without payload with ProtocolError and a non-object payload with FormationViolation', async () => {
    const cp = await charger();
    cp.sendRaw(JSON.stringify([2, 'p1', 'Heartbeat']));
    expect((await cp.next()).slice(0, 3)).toEqual([4, 'p1', 'ProtocolError']);
    cp.sendRaw(JSON.stringify([2, 'p2', 'Heartbeat', 'x']));
    expect((await cp.next()).slice(0, 3)).toEqual([4, 'p2', 'FormationViolation']);
    cp.close();
  });

  it('answers an unknown message type with ProtocolError', async () => {
    const cp = await charger();
    cp.sendRaw(JSON.stringify([7, 'u1', 'Heartbeat', {}]));
    expect((await cp.next()).slice(0, 3)).toEqual([4, 'u1', 'ProtocolError']);
    cp.close();
  });

  it('answers an unknown action with NotImplemented and a central-system action with NotSupported', async () => {
    const cp = await charger();
    expect((await cp.call('FlyToTheMoon', {})).slice(0, 3)).toEqual([4, 'm1', 'NotImplemented']);
    expect((await cp.call('Reset', { type: 'Soft' })).slice(0, 3)).toEqual([4, 'm2', 'NotSupported']);
    cp.close();
  });

  it('maps schema failures: required → OccurenceConstraintViolation, type → TypeConstraintViolation, else FormationViolation', async () => {
    const cp = await charger();
    const missing = await cp.call('BootNotification', { chargePointVendor: 'ACME' });
    expect(missing.slice(0, 3)).toEqual([4, 'm1', 'OccurenceConstraintViolation']);
    // Never coerced: the string "1" is not an integer.
    const wrongType = await cp.call('StatusNotification', {
      connectorId: '1',
      errorCode: 'NoError',
      status: 'Available',
    });
    expect(wrongType[2]).toBe('TypeConstraintViolation');
    const badEnum = await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Sleeping' });
    expect(badEnum[2]).toBe('FormationViolation');
    const extra = await cp.call('Heartbeat', { surprise: true });
    expect(extra[2]).toBe('FormationViolation');
    const tooLong = await cp.call('Authorize', { idTag: 'X'.repeat(21) });
    expect(tooLong[2]).toBe('FormationViolation');
    cp.close();
  });

  it('refuses a frame over 64 KiB with a CALLERROR naming its id', async () => {
    const cp = await charger();
    cp.sendRaw(JSON.stringify([2, 'big1', 'DataTransfer', { vendorId: 'ACME', data: 'x'.repeat(70_000) }]));
    expect((await cp.next()).slice(0, 3)).toEqual([4, 'big1', 'FormationViolation']);
    expect((await cp.call('Heartbeat', {}))[0]).toBe(3);
    cp.close();
  });

  it('ignores a CALLRESULT or CALLERROR that answers nothing', async () => {
    const cp = await charger();
    cp.sendRaw(JSON.stringify([3, 'nobody-asked', { status: 'Accepted' }]));
    cp.sendRaw(JSON.stringify([4, 'nobody-asked-2', 'GenericError', 'x', {}]));
    expect(await cp.nothingWithin(300)).toBe(true);
    expect((await cp.call('Heartbeat', {}))[0]).toBe(3);
    cp.close();
  });

  it('answers a repeated CALL id twice without a second session (refused while in flight, else replayed)', async () => {
    const { uid, idTag, stationId } = await aStation();
    const cp = await connect(uid);
    const start = JSON.stringify([
      2,
      'dup',
      'StartTransaction',
      { connectorId: 1, idTag, meterStart: 0, timestamp: new Date().toISOString() },
    ]);
    cp.sendRaw(start);
    cp.sendRaw(start);
    const frames = [await cp.next((f) => f[1] === 'dup'), await cp.next((f) => f[1] === 'dup')];
    for (const f of frames.filter((x) => x[0] === 4)) expect(f[2]).toBe('ProtocolError');
    const ids = new Set(frames.filter((f) => f[0] === 3).map((f) => (f[2] as { transactionId: number }).transactionId));
    expect(ids.size).toBe(1);
    const rows = await db.select().from(chargingSessions).where(eq(chargingSessions.stationId, stationId));
    expect(rows).toHaveLength(1);
    cp.close();
  });
  it('refuses a second CALL with the id of one still being processed, and answers the first', async () => {
    const { uid, idTag } = await aStation();
    const cp = await connect(uid);
    await cp.ok('Heartbeat', {});
    const sent: string[] = [];
    const fake = { send: (frame: string) => sent.push(frame) } as unknown as WebSocket;
    const frame = JSON.stringify([2, 'same-id', 'Authorize', { idTag }]);
    await runInDurableObject(stub(uid), async (instance: ChargePoint) => {
      // Both deliveries start before either finishes, as with a charge point that resends too early.
      await Promise.all([instance.webSocketMessage(fake, frame), instance.webSocketMessage(fake, frame)]);
    });
    const frames = sent.map((f) => JSON.parse(f) as unknown[]);
    expect(frames.map((f) => f[0]).sort()).toEqual([3, 4]);
    expect(frames.find((f) => f[0] === 4)?.slice(1, 3)).toEqual(['same-id', 'ProtocolError']);
    cp.close();
  });
  it('answers InternalError when a handler fails, and the connection lives on', async () => {
    const { uid, stationId, idTag } = await aStation();
    const cp = await connect(uid);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The station vanishes from D1 under a connected charge point: the session cannot be opened.
    await db.delete(stations).where(eq(stations.id, stationId));
    const reply = await cp.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    expect(reply.slice(0, 3)).toEqual([4, 'm1', 'InternalError']);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect((await cp.call('Heartbeat', {}))[0]).toBe(3);
    cp.close();
  });
});
