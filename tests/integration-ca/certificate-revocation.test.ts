/**
 * Revocation through the API with the built-in CA (ADR 014, addendum 2): a charge point asks for a
 * certificate (SignCertificate with a real CSR), the CA issues it and delivers it (CertificateSigned),
 * an operator revokes it with `POST /stations/{uid}/certificates/{serial}/revoke`, and from then on it
 * is listed as revoked, written to the customer-service log, and named in the signed CRL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/identity/password';
import { customerServiceLogs, revokedCertificates } from '../../drizzle/schema';
import { createStation } from '../../drizzle/seed/factories';
import cpEcCsr from '../fixtures/ca/cp-ec.csr?raw';
import { connectChargePoint, type FakeChargePoint } from '../integration/fake-charge-point';
import { call, db, login, type Session, type World, world } from '../integration/helpers';

/** The CN of the fixture CSR (tests/fixtures/ca/README.md). */
const UID = 'CP-CA-1';
const PASSWORD = 'station-password-ca-0001';

interface Issued {
  serial: string;
  subject: string;
  status: string;
  revoked_at: string | null;
  revocation_reason: string | null;
  revoked_by: number | null;
}

let w: World;
let admin: Session;
let cp: FakeChargePoint;
let stationId: number;
let issued: Issued;

const certificates = async () =>
  (await (await call(`/stations/${UID}/certificates`, admin)).json()) as {
    certificate_authority: string;
    certificates: Issued[];
  };

beforeAll(async () => {
  w = await world({ roles: [37], company: { cpms: 'public' } });
  const station = await createStation(db, {
    uid: UID,
    companyId: w.company.id,
    ocppPasswordHash: await hashPassword(PASSWORD, 1000),
  });
  stationId = station.id;
  admin = await login(w.email, w.password, w.ip);
  cp = await connectChargePoint(UID, PASSWORD);
  cp.handle('CertificateSigned', () => ({ status: 'Accepted' }));
  expect(await cp.call('SignCertificate', { csr: cpEcCsr })).toEqual({ status: 'Accepted' });
  // The CA signs and delivers after answering: wait until the station has accepted the certificate.
  for (let i = 0; i < 200; i++) {
    const first = (await certificates()).certificates[0];
    if (first?.status === 'Accepted') {
      issued = first;
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the certificate was not delivered: ${JSON.stringify(await certificates())}`);
});

afterAll(() => cp?.close());

describe('a certificate the built-in CA issued', () => {
  it('was delivered to the charge point with the CA chain, and is listed with its serial', async () => {
    const listed = await certificates();
    expect(listed.certificate_authority).toBe('built-in');
    expect(issued.serial).toMatch(/^[0-9A-F]+$/);
    expect(issued.subject).toContain(`CN=${UID}`);
    expect(issued.revoked_at).toBeNull();
    const delivered = cp.received.find((r) => r.action === 'CertificateSigned');
    expect(String(delivered?.payload.certificateChain)).toContain('-----BEGIN CERTIFICATE-----');
  });

  it('is not in the CRL before it is revoked', async () => {
    const crl = await fetchCrl();
    expect(crl.status).toBe(200);
    expect(containsSerial(new Uint8Array(await crl.arrayBuffer()), issued.serial)).toBe(false);
  });

  it('revoked through the API: listed as revoked, logged once, named in the signed CRL', async () => {
    const res = await call(`/stations/${UID}/certificates/${issued.serial.toLowerCase()}/revoke`, {
      ...admin,
      json: { reason: 'keyCompromise' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Issued;
    expect(body).toMatchObject({ serial: issued.serial, revocation_reason: 'keyCompromise', revoked_by: w.user.id });
    expect(body.revoked_at).not.toBeNull();

    expect((await certificates()).certificates[0]).toMatchObject({
      serial: issued.serial,
      revocation_reason: 'keyCompromise',
    });
    const rows = await db.select().from(revokedCertificates).where(eq(revokedCertificates.serial, issued.serial));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stationId, companyId: w.company.id, reason: 'keyCompromise' });
    const logs = await db
      .select()
      .from(customerServiceLogs)
      .where(and(eq(customerServiceLogs.stationId, stationId), eq(customerServiceLogs.action, 'RevokeCertificate')));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ result: 'success' });
    expect(JSON.parse(String(logs[0]?.detailJson))).toMatchObject({ serial: issued.serial, reason: 'keyCompromise' });

    const crl = await fetchCrl();
    expect(crl.status).toBe(200);
    const der = new Uint8Array(await crl.arrayBuffer());
    expect(der[0]).toBe(0x30); // a DER SEQUENCE: the CertificateList
    expect(containsSerial(der, issued.serial)).toBe(true);
  });

  it('a second revocation answers the first one and logs nothing more', async () => {
    const res = await call(`/stations/${UID}/certificates/${issued.serial}/revoke`, {
      ...admin,
      json: { reason: 'superseded' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Issued).revocation_reason).toBe('keyCompromise');
    const logs = await db
      .select()
      .from(customerServiceLogs)
      .where(and(eq(customerServiceLogs.stationId, stationId), eq(customerServiceLogs.action, 'RevokeCertificate')));
    expect(logs).toHaveLength(1);
  });

  it('an unknown serial on a CA-equipped system: 404 naming it', async () => {
    const res = await call(`/stations/${UID}/certificates/0102030405/revoke`, {
      ...admin,
      json: { reason: 'superseded' },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('CERTIFICATE_NOT_FOUND');
  });
});

function fetchCrl(): Promise<Response> {
  return call('/ca/crl');
}

/** Whether the DER holds the serial as an INTEGER (tag 0x02, its length, its bytes). */
function containsSerial(der: Uint8Array, serialHex: string): boolean {
  const bytes = serialHex.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? [];
  // DER keeps a leading zero byte when the first byte's high bit is set.
  const value = (bytes[0] ?? 0) >= 0x80 ? [0, ...bytes] : bytes;
  const needle = [0x02, value.length, ...value];
  outer: for (let i = 0; i + needle.length <= der.length; i++) {
    for (let j = 0; j < needle.length; j++) if (der[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
