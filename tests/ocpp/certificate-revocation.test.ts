/**
 * Revocation inside the ChargePoint object and the CRL it signs (ADR 014, addendum 2), with the
 * test-only P-256 CA of this project. (openssl checks the CRL bytes in domain/certificates/crl.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import cpEcCsr from '../fixtures/ca/cp-ec.csr?raw';
import { answer, certificateSigned, settled, signCertificate } from './certificate-helpers';
import { aStation, connect, stub } from './helpers';

const IDENTITY = 'CP-CA-1';

describe('revoking a certificate the built-in CA issued', () => {
  let serial = '';
  beforeAll(async () => {
    await aStation({ uid: IDENTITY });
    const cp = await connect(IDENTITY);
    await signCertificate(cp, cpEcCsr);
    answer(cp, (await certificateSigned(cp)).id, 'Accepted');
    serial = (await settled(IDENTITY)).issued[0]?.serial ?? '';
    cp.close();
  });

  it('marks it revoked with who, when and why; a repeat answers the first revocation', async () => {
    const first = await stub(IDENTITY).revokeCertificate({
      serial: serial.toLowerCase(),
      reason: 'keyCompromise',
      userId: 7,
    });
    expect(first).toMatchObject({
      ok: true,
      alreadyRevoked: false,
      record: { serial, revokedAt: expect.any(String), revocationReason: 'keyCompromise', revokedBy: 7 },
    });
    const again = await stub(IDENTITY).revokeCertificate({ serial, reason: 'superseded', userId: 8 });
    expect(again).toMatchObject({
      ok: true,
      alreadyRevoked: true,
      record: { revocationReason: 'keyCompromise', revokedBy: 7 },
    });
    expect((await stub(IDENTITY).certificates()).issued[0]).toMatchObject({
      serial,
      status: 'Accepted',
      revocationReason: 'keyCompromise',
    });
  });

  it('an unknown serial, or another charge point, is not found', async () => {
    expect(await stub(IDENTITY).revokeCertificate({ serial: '0A0B', reason: 'superseded', userId: 7 })).toEqual({
      ok: false,
      reason: 'not-found',
    });
    const other = await aStation();
    expect(await stub(other.uid).revokeCertificate({ serial, reason: 'superseded', userId: 7 })).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });

  it('signs a DER CRL that carries the revoked serial', async () => {
    const answer = await stub('#certificate-authority').revocationList([
      { serial, revokedAt: new Date().toISOString(), reason: 'keyCompromise' },
    ]);
    if (!answer.ok) throw new Error(answer.message);
    const der = new Uint8Array(answer.der);
    expect(der[0]).toBe(0x30);
    const hex = Array.from(der, (b) => b.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
    expect(hex).toContain(`0210${serial}`);
  });
});
