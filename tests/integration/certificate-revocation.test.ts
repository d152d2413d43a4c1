/**
 * Revoking a certificate of the built-in CA and its CRL through the API (ADR 014, addendum 2). This
 * project's ocpp worker has a CA chain but no CA key (an external CA), so both answer the clear 409;
 * a successful revocation through the API is tested in tests/integration-ca (the `workers-ca`
 * project, whose ocpp worker holds the key), the signed CRL also in tests/ocpp and domain/certificates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, login, type Session, unique, type World, world } from './helpers';

const SERIAL = '4A1B2C3D4E5F60718293A4B5C6D7E8F9';
const NO_CA =
  'No built-in certificate authority (OCPP_CA_PRIVATE_KEY is not set): certificates cannot be revoked and no CRL is signed.';

let w: World;
let admin: Session;
let viewer: Session;
let basic: Session;
let uid: string;
let outsiderUid: string;

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  uid = unique('REV').toUpperCase();
  outsiderUid = unique('REVOUT').toUpperCase();
  await createStation(db, { uid, companyId: w.company.id });
  const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
  await createStation(db, { uid: outsiderUid, companyId: outsider.id });
  const member = async (role: number) => {
    const email = `${unique(`role${role}`)}@example.test`;
    await createUser(db, { companyId: w.company.id, email, password: w.password, roles: [role] }, { iterations: 1000 });
    return login(email, w.password);
  };
  admin = await login(w.email, w.password, w.ip);
  viewer = await member(32);
  basic = await member(58);
});

const revoke = (station: string, who: Session, json: unknown = { reason: 'keyCompromise' }, serial = SERIAL) =>
  call(`/stations/${station}/certificates/${serial}/revoke`, { ...who, json });

describe('POST /stations/{uid}/certificates/{serial}/revoke', () => {
  it('without the CA key: 409 with a message naming the setting', async () => {
    await expectError(await revoke(uid, admin), 409, { code: 'NO_CERTIFICATE_AUTHORITY', message: NO_CA });
  });

  it.each([
    { who: 'view-only (32)', session: () => viewer },
    { who: 'basic maintenance (58)', session: () => basic },
  ])('$who: 403', async ({ session }) => {
    expect((await revoke(uid, session())).status).toBe(403);
  });

  it("another company's station: 404", async () => {
    await expectError(await revoke(outsiderUid, admin), 404, {
      code: 'STATION_NOT_FOUND',
      message: `Station uid: ${outsiderUid} not found.`,
    });
  });

  it.each([
    { name: 'an unknown reason', json: { reason: 'cACompromise' }, serial: SERIAL, field: 'reason' },
    { name: 'no reason', json: {}, serial: SERIAL, field: 'reason' },
    { name: 'a serial that is not hexadecimal', json: { reason: 'superseded' }, serial: 'XYZ', field: 'serial' },
  ])('refuses $name, naming the field', async ({ json, serial, field }) => {
    const res = await revoke(uid, admin, json, serial);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field?: string }).field).toBe(field);
  });

  it('not logged in: 401', async () => {
    const res = await call(`/stations/${uid}/certificates/${SERIAL}/revoke`, { json: { reason: 'superseded' } });
    expect(res.status).toBe(401);
  });
});

describe('GET /ca/crl', () => {
  it('is public, like any CRL, and answers 409 without the CA key', async () => {
    const res = await fetchCrl();
    await expectError(res, 409, { code: 'NO_CERTIFICATE_AUTHORITY', message: NO_CA });
  });
});

function fetchCrl(): Promise<Response> {
  return call('/ca/crl');
}
