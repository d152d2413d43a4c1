/**
 * The station's configured OCPP version (ADR 058, addendum): set through `PATCH stations/{id}/detail`
 * (null = automatic), validated, audited, and honoured by the ocpp worker at the next connection.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/identity/password';
import { createStation } from '../../drizzle/seed/factories';
import { ocpp, upgradeRequest } from './fake-charge-point';
import { call, db, failOnConsoleError, login, type Session, sql, unique, world } from './helpers';

failOnConsoleError();

const password = 'station-password-version';
let session: Session;
let viewer: Session;
let station: { id: number; uid: string };

beforeAll(async () => {
  const admin = await world({ roles: [37], company: { cpms: 'public' } });
  session = await login(admin.email, admin.password, admin.ip);
  const v = await world({ roles: [32], company: { cpms: 'public' }, user: { companyId: admin.company.id } });
  viewer = await login(v.email, v.password, v.ip);
  station = await createStation(db, {
    uid: unique('VER').toUpperCase(),
    companyId: admin.company.id,
    address: 'Rue de Rivoli',
    postalCode: '75001',
    city: 'Paris',
    country: 'FR',
    latitude: 48.86,
    longitude: 2.34,
    ocppPasswordHash: await hashPassword(password, 1000),
  });
});

const patch = (json: unknown, who: Session = session) =>
  call(`/stations/${station.id}/detail`, { ...who, method: 'PATCH', json });

/** Status and negotiated subprotocol of an upgrade offering `protocols`. */
async function connect(protocols: string) {
  const res = await ocpp().fetch(upgradeRequest(station.uid, password, protocols));
  const result = { status: res.status, protocol: res.headers.get('sec-websocket-protocol'), text: '' };
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000, 'test done');
  } else result.text = await res.text();
  return result;
}

describe("a station's configured OCPP version", () => {
  it('is automatic by default: the first version offered wins', async () => {
    expect(await connect('ocpp1.6, ocpp2.0.1')).toMatchObject({ status: 101, protocol: 'ocpp1.6' });
  });

  it('is set to 2.0.1 through the station update, audited, and then required at connection', async () => {
    const res = await patch({ ocppVersion: 'ocpp2.0.1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ocppVersion: 'ocpp2.0.1', ocppVersionConnected: 'ocpp1.6' });
    const audit = await sql(
      "SELECT detail_json FROM audit_log WHERE action = 'station.update' AND entity_id = ?",
      String(station.id),
    );
    expect(JSON.parse(String((audit.results.at(-1) as { detail_json: string }).detail_json))).toEqual({
      before: { ocppVersion: null },
      after: { ocppVersion: 'ocpp2.0.1' },
    });
    // Offered second, it still wins; a charge point offering 1.6 alone is refused, never downgraded.
    expect(await connect('ocpp1.6, ocpp2.0.1')).toMatchObject({ status: 101, protocol: 'ocpp2.0.1' });
    expect(await connect('ocpp1.6')).toEqual({
      status: 400,
      protocol: null,
      text: 'Subprotocol ocpp2.0.1 required for this station',
    });
    const detail = await (await call(`/stations/${station.id}/detail`, session)).json();
    expect(detail).toMatchObject({ ocppVersion: 'ocpp2.0.1', ocppVersionConnected: 'ocpp2.0.1' });
  });

  it('set to 1.6 makes a station offering 2.0.1 first speak 1.6; null makes it automatic again', async () => {
    expect((await patch({ ocppVersion: 'ocpp1.6' })).status).toBe(200);
    expect(await connect('ocpp2.0.1, ocpp1.6')).toMatchObject({ status: 101, protocol: 'ocpp1.6' });
    expect(await connect('ocpp2.0.1')).toMatchObject({ status: 400 });
    const res = await patch({ ocppVersion: null });
    expect(await res.json()).toMatchObject({ ocppVersion: null });
    expect(await connect('ocpp2.0.1, ocpp1.6')).toMatchObject({ status: 101, protocol: 'ocpp2.0.1' });
  });

  it('refuses a version the back office does not speak, naming the field', async () => {
    const res = await patch({ ocppVersion: 'ocpp2.1' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'ocppVersion' });
    const detail = await (await call(`/stations/${station.id}/detail`, session)).json();
    expect(detail).toMatchObject({ ocppVersion: null });
  });

  it('is not changed by a user who may only view stations', async () => {
    expect((await patch({ ocppVersion: 'ocpp2.0.1' }, viewer)).status).toBe(403);
  });
});
