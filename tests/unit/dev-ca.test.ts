/**
 * The development CA of `npm start` (scripts/dev-ca.ts), read by independent parsers: node's
 * X509Certificate (a CA, self-signed, the key matches) and the product's own CA loader, which then
 * issues a charge point certificate that node verifies against it.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAuthority } from '../../domain/certificates/authority';
import { issueChargePointCertificate } from '../../domain/certificates/issue';
import { createDevelopmentCa, developmentCa, withDevelopmentCa } from '../../scripts/dev-ca';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/ca', name), 'utf8');

describe('createDevelopmentCa', () => {
  it('makes a self-signed CA certificate whose key matches', async () => {
    const ca = await createDevelopmentCa({ now: new Date('2026-11-26T10:00:00Z') });
    const cert = new X509Certificate(ca.certificatePem);
    expect(cert.ca).toBe(true);
    expect(cert.subject).toContain('CN=Development CA');
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(ca.privateKeyPem))).toBe(true);
    expect(new Date(cert.validFrom).getTime()).toBeLessThan(Date.parse('2026-11-26T10:00:00Z'));
    expect(new Date(cert.validTo).getUTCFullYear()).toBe(2036);
    expect(ca.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  });

  it('is accepted by the built-in CA, which then issues a certificate node verifies against it', async () => {
    const ca = await createDevelopmentCa();
    const authority = await loadAuthority(ca.certificatePem, ca.privateKeyPem);
    const out = await issueChargePointCertificate(authority, fixture('cp-ec.csr'), {
      identity: 'CP-CA-1',
      now: new Date(),
    });
    if (!out.ok) throw new Error(out.reason);
    const leaf = new X509Certificate(out.certificate.certificatePem);
    const root = new X509Certificate(ca.certificatePem);
    expect(leaf.checkIssued(root)).toBe(true);
    expect(leaf.verify(root.publicKey)).toBe(true);
  });

  it('is made once per state folder and then reused', async () => {
    const state = mkdtempSync(join(tmpdir(), 'dev-ca-'));
    const first = await developmentCa(state);
    expect(readFileSync(join(state, 'dev-ca/ca.pem'), 'utf8')).toBe(first.certificatePem);
    expect(await developmentCa(state)).toEqual(first);
  });
});

describe('withDevelopmentCa (.dev.vars of the ocpp worker)', () => {
  const ca = { certificatePem: '-----BEGIN CERTIFICATE-----\nQQ==\n-----END CERTIFICATE-----\n', privateKeyPem: 'KEY' };

  it('adds the block to an empty or unrelated file, and replaces it on the next start', () => {
    const first = withDevelopmentCa('FRAME_LOG_MAX_ROWS=100\n', ca);
    expect(first.used).toBe(true);
    expect(first.text).toMatch(/^FRAME_LOG_MAX_ROWS=100\n# >>> npm start/);
    expect(first.text).toContain(
      'OCPP_CA_CERTIFICATE_CHAIN="-----BEGIN CERTIFICATE-----\nQQ==\n-----END CERTIFICATE-----"',
    );
    const again = withDevelopmentCa(first.text, { ...ca, privateKeyPem: 'OTHER' });
    expect(again.text.match(/OCPP_CA_PRIVATE_KEY/g)).toHaveLength(1);
    expect(again.text).toContain('OCPP_CA_PRIVATE_KEY="OTHER"');
    expect(withDevelopmentCa('', ca).text.startsWith('# >>> npm start')).toBe(true);
  });

  it('leaves a CA the developer configured alone, and drops the block then', () => {
    const own = 'OCPP_CA_CERTIFICATE_CHAIN="mine"\n';
    expect(withDevelopmentCa(own, ca)).toEqual({ text: own, used: false });
    const both = `${withDevelopmentCa('', ca).text}${own}`;
    expect(withDevelopmentCa(both, ca)).toEqual({ text: own, used: false });
  });
});
