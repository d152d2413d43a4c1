/**
 * GET /api/station-log/{stationUid}/{connectorUid} and GET /api/stations/{uid}/ocpp-log: frames a
 * charge point really exchanged (over the web worker's /ocpp route), the spec's filters, the cap,
 * permission and company scope.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { BASE, call, db, expectError, failOnConsoleError, login, unique, world } from './helpers';

failOnConsoleError();

interface LogBody {
  station: { uid: string };
  connector: { uid: string; connector_number: number } | null;
  filters: { limit: number; from: string | null; order?: string };
  data: {
    id: number;
    created_at: string;
    direction: string;
    message_type: number | null;
    action: string | null;
    connector_id: number | null;
    chargingpoint_error_code_id: string | null;
    station_log_event_type_id: string;
    payload: string | null;
  }[];
}

async function stationOf(companyId: number) {
  const uid = unique('LOG').toUpperCase();
  const station = await createStation(db, {
    uid,
    companyId,
    name: `Station ${uid}`,
  });
  for (const n of [1, 2]) {
    await createConnector(db, {
      stationId: station.id,
      connectorNumber: n,
      uid: `${uid}-${n}`,
      evseId: `FR*LOG*E${n}`,
    });
  }
  return { uid, stationId: station.id };
}

/**
 * Connects as the charge point, sends the CALLs in order and waits for each answer. The ocpp
 * worker's own checks (subprotocol, password) are tested in tests/ocpp; here the socket is opened
 * on the station's object as that worker does after them.
 */
async function exchange(uid: string, stationId: number, calls: [string, object][]) {
  const res = await env.CHARGE_POINTS.get(env.CHARGE_POINTS.idFromName(uid)).fetch(`${BASE}/ocpp/${uid}`, {
    headers: { upgrade: 'websocket', 'x-charge-point-id': uid, 'x-station-id': String(stationId) },
  });
  const ws = res.webSocket;
  if (!ws) throw new Error(`upgrade answered ${res.status}`);
  ws.accept();
  for (const [i, [action, payload]] of calls.entries()) {
    const answered = new Promise<void>((resolve) => {
      const onMessage = (e: MessageEvent) => {
        if ((JSON.parse(String(e.data)) as unknown[])[1] === `c${i}`) {
          ws.removeEventListener('message', onMessage);
          resolve();
        }
      };
      ws.addEventListener('message', onMessage);
    });
    ws.send(JSON.stringify([2, `c${i}`, action, payload]));
    await answered;
  }
  ws.close(1000, 'done');
}

describe('station log API', () => {
  it('returns the frames of a connector and the station-wide ones, in UTC, with the spec filters', async () => {
    const w = await world({ roles: [57], company: { cpms: 'public' } });
    const { uid, stationId } = await stationOf(w.company.id);
    await exchange(uid, stationId, [
      ['Heartbeat', {}],
      ['StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' }],
      ['StatusNotification', { connectorId: 2, errorCode: 'GroundFailure', status: 'Faulted' }],
    ]);
    const session = await login(w.email, w.password, w.ip);

    const res = await call(`/station-log/${uid}/${uid}-1`, session);
    expect(res.status).toBe(200);
    const body = (await res.json()) as LogBody;
    expect(body.connector?.connector_number).toBe(1);
    expect(body.data.every((e) => /Z$/.test(e.created_at))).toBe(true);
    expect(body.data.some((e) => e.connector_id === 2)).toBe(false);
    expect(
      body.data.filter((e) => e.action === 'StatusNotification').map((e) => [e.direction, e.message_type]),
    ).toEqual([
      // Newest first: the answer, then the request.
      ['out', 3],
      ['in', 2],
    ]);
    expect(body.data.some((e) => e.action === 'Heartbeat')).toBe(true);

    const faults = (await (
      await call(`/station-log/${uid}/${uid}-2?chargingpoint_error_code_id=GroundFailure`, session)
    ).json()) as LogBody;
    expect(faults.data.map((e) => [e.action, e.chargingpoint_error_code_id])).toEqual([
      ['StatusNotification', 'GroundFailure'],
    ]);

    const beats = (await (
      await call(`/station-log/${uid}/${uid}-2?station_log_event_type_id=Heartbeat&limit=1&from=2020-01-01`, session)
    ).json()) as LogBody;
    expect(beats.filters).toMatchObject({ limit: 1, from: '2020-01-01T00:00:00.000Z' });
    expect(beats.data.map((e) => [e.direction, e.action])).toEqual([['in', 'Heartbeat']]);

    const future = (await (
      await call(`/station-log/${uid}/${uid}-1?from=2099-01-01T00:00:00Z`, session)
    ).json()) as LogBody;
    expect(future.data).toEqual([]);

    const station = (await (
      await call(`/stations/${uid}/ocpp-log?from=2020-01-01&order=asc`, session)
    ).json()) as LogBody;
    expect(station.connector).toBeNull();
    expect(station.data[0]?.action).toBe('Connected');
    expect(station.data.some((e) => e.connector_id === 2)).toBe(true);
    await expect
      .poll(async () => {
        const all = (await (
          await call(`/stations/${uid}/ocpp-log?station_log_event_type_id=Connection`, session)
        ).json()) as LogBody;
        return all.data.map((e) => e.action);
      })
      .toEqual(['Disconnected', 'Connected']);
  });

  it('keeps the window of at most 200 entries from the start date, and lists it newest first unless asked', async () => {
    const w = await world({ roles: [57], company: { cpms: 'public' } });
    const { uid, stationId } = await stationOf(w.company.id);
    await exchange(uid, stationId, [
      ['Heartbeat', {}],
      ['StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' }],
      ['Heartbeat', {}],
    ]);
    const session = await login(w.email, w.password, w.ip);
    const read = async (query: string) =>
      (await (await call(`/stations/${uid}/ocpp-log?${query}`, session)).json()) as LogBody;
    const oldest = await read('from=2020-01-01&limit=3&order=asc');
    const newest = await read('from=2020-01-01&limit=3');
    // The same three entries from the start date (the connection and the first Heartbeat call and reply)…
    expect(oldest.data.map((e) => e.action)).toEqual(['Connected', 'Heartbeat', 'Heartbeat']);
    expect(newest.data.map((e) => e.id)).toEqual(oldest.data.map((e) => e.id).reverse());
    // …the default is newest first, and the whole log too.
    expect(newest.filters.order).toBe('desc');
    const all = await read('from=2020-01-01');
    const ids = all.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await call(`/stations/${uid}/ocpp-log?order=sideways`, session)).status).toBe(400);
  });

  it('refuses a limit over 200, unknown filter values and a from after to with 400', async () => {
    const w = await world({ roles: [37], company: { cpms: 'public' } });
    const { uid } = await stationOf(w.company.id);
    const session = await login(w.email, w.password, w.ip);
    for (const query of [
      'limit=201',
      'limit=0',
      'chargingpoint_error_code_id=Nope',
      'station_log_event_type_id=Nope',
      'from=yesterday',
      'from=2026-02-30',
      'from=2026-01-02&to=2026-01-01',
    ]) {
      const res = await call(`/station-log/${uid}/${uid}-1?${query}`, session);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    }
    expect((await call(`/station-log/${uid}/${uid}-1?limit=200`, session)).status).toBe(200);
  });

  it("answers 404 for another company's station or a connector of another station, 403 without the logs permission", async () => {
    const w = await world({ roles: [37], company: { cpms: 'public' } });
    const { uid: mine } = await stationOf(w.company.id);
    const other = await createCompany(db, { name: unique('Other'), cpms: 'public' });
    const { uid: theirs } = await stationOf(other.id);
    const session = await login(w.email, w.password, w.ip);
    await expectError(await call(`/station-log/${theirs}/${theirs}-1`, session), 404, {
      code: 'CONNECTOR_NOT_FOUND',
      message: `Connector id: ${theirs}-1 not found.`,
    });
    await expectError(await call(`/station-log/${mine}/${theirs}-1`, session), 404, {
      code: 'CONNECTOR_NOT_FOUND',
      message: `Connector id: ${theirs}-1 not found.`,
    });
    expect((await call(`/stations/${theirs}/ocpp-log`, session)).status).toBe(404);

    // A charging point manager with view rights only (32) may not read OCPP logs.
    const viewer = await world({ roles: [32], company: { cpms: 'public' } });
    const { uid: viewed } = await stationOf(viewer.company.id);
    const viewerSession = await login(viewer.email, viewer.password, viewer.ip);
    expect((await call(`/station-log/${viewed}/${viewed}-1`, viewerSession)).status).toBe(403);
    expect((await call(`/stations/${viewed}/ocpp-log`, viewerSession)).status).toBe(403);
    expect((await call(`/station-log/${mine}/${mine}-1`)).status).toBe(401);
  });
});
