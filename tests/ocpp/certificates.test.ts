/**
 * The built-in certificate authority (ADR 014 addendum): this project runs with the test-only P-256
 * root of tests/fixtures/ca as OCPP_CA_CERTIFICATE_CHAIN / OCPP_CA_PRIVATE_KEY. The charge point side
 * is strict: what the system sends and answers is checked against the official OCA 1.6 schemas
 * (those ocpp-rpc ships), and the chain is verified with node:crypto's X509Certificate.
 */
import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import caPem from '../fixtures/ca/ca-ec.pem?raw';
import cpEcCsr from '../fixtures/ca/cp-ec.csr?raw';
import rsaCsr from '../fixtures/ca/cp-rsa.csr?raw';
import tamperedCsr from '../fixtures/ca/cp-tampered.csr?raw';
import wrongCnCsr from '../fixtures/ca/cp-wrong-cn.csr?raw';
import { answer, certificateSigned, settled as settledFor, signCertificate } from './certificate-helpers';
import { aStation, connect, stub } from './helpers';

/** The CN of every fixture CSR but one. */
const IDENTITY = 'CP-CA-1';

const settled = () => settledFor(IDENTITY);
const pems = (text: string) => text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g) ?? [];

describe('SignCertificate with the built-in certificate authority', () => {
  beforeAll(async () => {
    await aStation({ uid: IDENTITY });
  });

  it('signs the CSR itself and sends CertificateSigned with a chain that verifies', async () => {
    const cp = await connect(IDENTITY);
    expect(await signCertificate(cp, cpEcCsr)).toEqual({ status: 'Accepted' });
    const { id, chain } = await certificateSigned(cp);
    const [leafPem, caInChain, ...more] = pems(chain);
    expect(more).toEqual([]);
    expect(caInChain?.trim()).toBe(caPem.trim());
    const leaf = new X509Certificate(leafPem ?? '');
    const ca = new X509Certificate(caPem);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.subject.split('\n')).toEqual(['C=FR', 'O=Voltaria Test', `CN=${IDENTITY}`]);
    expect(leaf.checkHost(IDENTITY)).toBe(IDENTITY);
    expect(leaf.ca).toBe(false);
    expect(Date.parse(leaf.validTo) - Date.now()).toBeGreaterThan(364 * 86_400_000);
    answer(cp, id, 'Accepted');

    const { authority, issued } = await settled();
    expect(authority).toBe('built-in');
    expect(issued[0]).toMatchObject({
      serial: leaf.serialNumber,
      subject: `C=FR, O=Voltaria Test, CN=${IDENTITY}`,
      keyType: 'EC P-256',
      notBefore: new Date(leaf.validFrom).toISOString(),
      notAfter: new Date(leaf.validTo).toISOString(),
      certificate: leafPem,
      status: 'Accepted',
      error: null,
    });
    expect(issued[0]?.answeredAt).toEqual(expect.any(String));
    const { csr } = await stub(IDENTITY).commandProgress();
    expect(csr).toMatchObject({ csr: cpEcCsr, status: 'Accepted', serial: leaf.serialNumber });
    cp.close();
  });

  it('records a charge point that refuses the certificate', async () => {
    const cp = await connect(IDENTITY);
    expect(await signCertificate(cp, rsaCsr)).toEqual({ status: 'Accepted' });
    const { id, chain } = await certificateSigned(cp);
    expect(new X509Certificate(pems(chain)[0] ?? '').verify(new X509Certificate(caPem).publicKey)).toBe(true);
    answer(cp, id, 'Rejected');
    const { issued } = await settled();
    expect(issued[0]).toMatchObject({ keyType: 'RSA 2048', status: 'Rejected' });
    expect(issued.length).toBeGreaterThanOrEqual(2);
    cp.close();
  });

  it.each([
    { name: 'a tampered signature', csr: tamperedCsr, reason: 'The CSR signature does not verify' },
    {
      name: 'a CN other than the charge point',
      csr: wrongCnCsr,
      reason: `The CSR has CN "SOMEONE-ELSE", not the charge point identity "${IDENTITY}"`,
    },
    {
      name: 'no CSR at all',
      csr: '-----BEGIN CERTIFICATE REQUEST-----',
      reason: 'Not a PEM certificate signing request',
    },
  ])('rejects a CSR with $name, keeps why and sends nothing', async ({ csr, reason }) => {
    const cp = await connect(IDENTITY);
    const before = (await stub(IDENTITY).certificates()).issued.length;
    expect(await signCertificate(cp, csr)).toEqual({ status: 'Rejected' });
    expect(await cp.nothingWithin(300)).toBe(true);
    expect((await stub(IDENTITY).certificates()).issued).toHaveLength(before);
    expect((await stub(IDENTITY).commandProgress()).csr).toMatchObject({ csr, status: 'Rejected', reason });
    cp.close();
  });

  it("refuses another charge point's CSR, even a valid one", async () => {
    const other = await aStation();
    const cp = await connect(other.uid);
    expect(await signCertificate(cp, cpEcCsr)).toEqual({ status: 'Rejected' });
    expect((await stub(other.uid).certificates()).issued).toEqual([]);
    cp.close();
  });
});
