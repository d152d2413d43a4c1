/**
 * An OCPP 2.0.1 station in the back office's API (issue 23, ADR 058): the maintenance screen's remote
 * start and stop reach it as RequestStartTransaction / RequestStopTransaction, and the station detail
 * shows its OCPP version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { call, db, login, type Session, unique, type World, world } from './helpers';

let w: World;
let admin: Session;
let uid: string;
let stationId: number;
let connectorId: number;
let cp: FakeChargePoint;

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  admin = await login(w.email, w.password);
  ({ uid, stationId, connectorId, cp } = await connectedStation(w.company.id, {
    prefix: 'V201',
    status: 'available',
    protocol: 'ocpp2.0.1',
  }));
});

afterAll(() => cp?.close());

describe('an OCPP 2.0.1 station', () => {
  it('shows the negotiated version on the station detail', async () => {
    const res = await call(`/stations/${stationId}/detail`, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ocppVersion: null, ocppVersionConnected: 'ocpp2.0.1' });
  });

  it('is started and stopped from the maintenance screen with the 2.0.1 requests', async () => {
    const driver = await createUser(
      db,
      { companyId: w.company.id, email: `${uid.toLowerCase()}@drivers.test`, canChargePublic: true },
      { iterations: 1000 },
    );
    const card = unique('C201').replace(/-/g, '').slice(0, 20).toUpperCase();
    await createRfid(db, { companyId: w.company.id, uuid: card, userId: driver.id });
    cp.handle('RequestStartTransaction', () => ({ status: 'Accepted' }));
    const started = await call(`/maintenance/${connectorId}/${driver.id}/start`, { ...admin, method: 'POST' });
    expect(started.status).toBe(200);
    const request = cp.received.find((r) => r.action === 'RequestStartTransaction');
    expect(request?.payload).toMatchObject({ evseId: 1, idToken: { idToken: card, type: 'Central' } });
    await cp.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId: 'TX-API-1', remoteStartId: request?.payload.remoteStartId },
      idToken: { idToken: card, type: 'Central' },
      evse: { id: 1, connectorId: 1 },
    });
    cp.handle('RequestStopTransaction', () => ({ status: 'Accepted' }));
    const stopped = await call(`/maintenance/${connectorId}/${driver.id}/stop`, { ...admin, method: 'POST' });
    expect(stopped.status).toBe(200);
    expect(cp.received.filter((r) => r.action === 'RequestStopTransaction')).toEqual([
      { action: 'RequestStopTransaction', payload: { transactionId: 'TX-API-1' } },
    ]);
  });
});
