/**
 * The built-in CA checked independently: node's crypto.X509Certificate and the openssl CLI read
 * what it issues for the openssl-made fixtures of tests/fixtures/ca (test-only keys).
 */
import { execFileSync } from 'node:child_process';
import { createPublicKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuthorityError, loadAuthority } from './authority';
import { parseCsr } from './csr';
import { issueChargePointCertificate } from './issue';
import { OID } from './oids';

const fixture = (name: string) => readFileSync(join(__dirname, '../../tests/fixtures/ca', name), 'utf8');
const ca = (name: string) => loadAuthority(fixture(`${name}.pem`), fixture(`${name}.key.pem`));
const NOW = new Date();
const DAY = 86_400_000;

function openssl(pem: string, ...args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'ca-test-'));
  writeFileSync(join(dir, 'cert.pem'), pem);
  return execFileSync('openssl', [...args.map((a) => a.replace('{cert}', join(dir, 'cert.pem')))], {
    encoding: 'utf8',
    cwd: join(__dirname, '../../tests/fixtures/ca'),
  });
}

async function issued(caName: string, csrName: string, organization: string | null = 'Voltaria') {
  const out = await issueChargePointCertificate(await ca(caName), fixture(csrName), {
    identity: 'CP-CA-1',
    organization,
    now: NOW,
  });
  if (!out.ok) throw new Error(out.reason);
  return out.certificate;
}

describe('issueChargePointCertificate', () => {
  it.each([
    { caName: 'ca-ec', csr: 'cp-ec', key: 'EC P-256' },
    { caName: 'ca-ec', csr: 'cp-rsa', key: 'RSA 2048' },
    { caName: 'ca-p384', csr: 'cp-p384', key: 'EC P-384' },
    { caName: 'ca-p384', csr: 'cp-ec', key: 'EC P-256' },
    { caName: 'ca-rsa', csr: 'cp-ec', key: 'EC P-256' },
    { caName: 'ca-rsa', csr: 'cp-rsa', key: 'RSA 2048' },
  ])('$caName signs $csr: node verifies it with the CA key and reads what was asked', async ({ caName, csr, key }) => {
    const cert = await issued(caName, `${csr}.csr`);
    const x509 = new X509Certificate(cert.certificatePem);
    const caCert = new X509Certificate(fixture(`${caName}.pem`));
    expect(x509.verify(caCert.publicKey)).toBe(true);
    expect(x509.checkIssued(caCert)).toBe(true);
    expect(x509.issuer).toBe(caCert.subject);
    expect(x509.subject.split('\n')).toContain('CN=CP-CA-1');
    expect(x509.subject.split('\n')).toContain('O=Voltaria');
    expect(x509.checkHost('CP-CA-1')).toBe('CP-CA-1');
    expect(x509.checkHost('CP-CA-2')).toBeUndefined();
    expect(x509.ca).toBe(false);
    expect(x509.keyUsage).toEqual([OID.clientAuth]);
    // The certificate carries the charge point's own key.
    const cpKey = createPublicKey(fixture(`${csr}.key.pem`));
    expect(x509.publicKey.export({ type: 'spki', format: 'der' })).toEqual(
      cpKey.export({ type: 'spki', format: 'der' }),
    );
    // Valid from (just before) now for one year by default.
    const from = Date.parse(x509.validFrom);
    const to = Date.parse(x509.validTo);
    expect(from).toBeLessThanOrEqual(NOW.getTime());
    expect(from).toBeGreaterThan(NOW.getTime() - 10 * 60_000);
    expect(Math.abs(to - (NOW.getTime() + 365 * DAY))).toBeLessThan(2000);
    expect(new Date(from).toISOString()).toBe(cert.notBefore);
    expect(new Date(to).toISOString()).toBe(cert.notAfter);
    // Serial: 16 random bytes, positive.
    expect(x509.serialNumber).toBe(cert.serial);
    expect(cert.serial).toMatch(/^[4-7][0-9A-F]{31}$/);
    expect(cert).toMatchObject({ subject: expect.stringContaining('CN=CP-CA-1'), keyType: key });
    // The chain sent to the charge point: the leaf, then the configured CA chain.
    expect(cert.certificateChain).toBe(`${cert.certificatePem}${fixture(`${caName}.pem`).trim()}\n`);
  });

  it('writes the extensions of a charge point certificate (read by openssl)', async () => {
    const ec = await issued('ca-ec', 'cp-ec.csr');
    const text = openssl(ec.certificatePem, 'x509', '-in', '{cert}', '-noout', '-text');
    expect(text).toContain('Version: 3 (0x2)');
    expect(text).toMatch(/Basic Constraints: critical\s+CA:FALSE/);
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Key Agreement\n/);
    expect(text).toMatch(/Extended Key Usage:\s+TLS Web Client Authentication\n/);
    const caText = openssl(fixture('ca-ec.pem'), 'x509', '-in', '{cert}', '-noout', '-text');
    const caKeyId = /Subject Key Identifier:\s+([0-9A-F:]+)/.exec(caText)?.[1];
    expect(caKeyId).toBeTruthy();
    expect(text).toMatch(new RegExp(`Authority Key Identifier:\\s+(keyid:)?${caKeyId}`));
    const keyId = /Subject Key Identifier:\s+([0-9A-F:]+)/.exec(text)?.[1];
    expect(keyId).toMatch(/^([0-9A-F]{2}:){19}[0-9A-F]{2}$/);
    // RSA keys encipher rather than agree.
    const rsa = await issued('ca-ec', 'cp-rsa.csr');
    const rsaText = openssl(rsa.certificatePem, 'x509', '-in', '{cert}', '-noout', '-text');
    expect(rsaText).toMatch(/Key Usage: critical\s+Digital Signature, Key Encipherment\n/);
    // openssl accepts the leaf as a TLS client certificate under the CA.
    expect(openssl(ec.certificateChain, 'verify', '-CAfile', 'ca-ec.pem', '-purpose', 'sslclient', '{cert}')).toContain(
      ': OK',
    );
  });

  it('keeps the CSR subject as it is when no organisation is configured', async () => {
    const cert = await issued('ca-ec', 'cp-ec.csr', null);
    expect(cert.subject).toBe('C=FR, O=Test Vendor, CN=CP-CA-1');
    expect(new X509Certificate(cert.certificatePem).subject).toBe('C=FR\nO=Test Vendor\nCN=CP-CA-1');
  });

  it('grants none of the extensions the CSR asks for (no subjectAltName, never CA:TRUE)', async () => {
    const requested = parseCsr(fixture('cp-ext.csr')).requestedExtensions.map((e) => e.oid);
    expect(requested).toEqual([OID.subjectAltName, OID.basicConstraints]);
    const x509 = new X509Certificate((await issued('ca-ec', 'cp-ext.csr')).certificatePem);
    expect(x509.subjectAltName).toBeUndefined();
    expect(x509.ca).toBe(false);
    expect(x509.checkHost('evil.example')).toBeUndefined();
  });

  it('ends the validity at the configured number of days, and never after the CA certificate', async () => {
    const authority = await ca('ca-ec');
    const short = await issueChargePointCertificate(authority, fixture('cp-ec.csr'), {
      identity: 'CP-CA-1',
      validityDays: 30,
      now: NOW,
    });
    expect(short.ok && Date.parse(short.certificate.notAfter) - NOW.getTime()).toBeGreaterThan(30 * DAY - 2000);
    expect(short.ok && Date.parse(short.certificate.notAfter) - NOW.getTime()).toBeLessThanOrEqual(30 * DAY);
    const late = new Date(authority.notAfter.getTime() - 10 * DAY);
    const clamped = await issueChargePointCertificate(authority, fixture('cp-ec.csr'), {
      identity: 'CP-CA-1',
      now: late,
    });
    expect(clamped.ok && clamped.certificate.notAfter).toBe(authority.notAfter.toISOString());
    const after = new Date(authority.notAfter.getTime() + DAY);
    expect(
      await issueChargePointCertificate(authority, fixture('cp-ec.csr'), { identity: 'CP-CA-1', now: after }),
    ).toEqual({
      ok: false,
      reason: 'The CA certificate has expired',
    });
  });

  it('gives every certificate its own serial', async () => {
    const serials = new Set<string>();
    for (let i = 0; i < 5; i += 1) serials.add((await issued('ca-ec', 'cp-ec.csr')).serial);
    expect(serials.size).toBe(5);
  });

  it.each([
    { csr: 'cp-tampered.csr', reason: 'The CSR signature does not verify' },
    { csr: 'cp-wrong-cn.csr', reason: 'The CSR has CN "SOMEONE-ELSE", not the charge point identity "CP-CA-1"' },
    { csr: 'cp-rsa1024.csr', reason: 'RSA key of 1024 bits is too weak (at least 2048)' },
  ])('refuses $csr', async ({ csr, reason }) => {
    const out = await issueChargePointCertificate(await ca('ca-ec'), fixture(csr), { identity: 'CP-CA-1', now: NOW });
    expect(out).toEqual({ ok: false, reason });
  });

  it('refuses a CSR for another identity, even one that verifies', async () => {
    const out = await issueChargePointCertificate(await ca('ca-ec'), fixture('cp-ec.csr'), {
      identity: 'cp-ca-1',
      now: NOW,
    });
    expect(out).toEqual({ ok: false, reason: 'The CSR has CN "CP-CA-1", not the charge point identity "cp-ca-1"' });
  });

  it.each([
    { text: 'CSR', reason: 'Not a PEM certificate signing request' },
    {
      text: '-----BEGIN CERTIFICATE REQUEST-----\nQ1NSLVRFU1Q=\n-----END CERTIFICATE REQUEST-----',
      reason: /^Malformed CSR/,
    },
    { text: fixture('ca-ec.pem'), reason: 'Not a PEM certificate signing request' },
  ])('refuses what is not a CSR: $reason', async ({ text, reason }) => {
    const out = await issueChargePointCertificate(await ca('ca-ec'), text, { identity: 'CP-CA-1', now: NOW });
    expect(out.ok).toBe(false);
    expect(!out.ok && out.reason).toMatch(reason);
  });
});

describe('loadAuthority', () => {
  it.each([
    { chain: 'ca-ec.pem', key: fixture('ca-rsa.key.pem'), message: /does not fit the first certificate/ },
    { chain: 'ca-ec.pem', key: fixture('ca-p384.key.pem'), message: /does not fit the first certificate/ },
    { chain: 'ca-rsa.pem', key: fixture('ca-ec.key.pem'), message: /does not fit the first certificate/ },
    {
      chain: 'ca-ec.pem',
      key: '-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----',
      message: /not a PKCS#8 PEM key.*openssl pkcs8 -topk8 -nocrypt/,
    },
    {
      chain: 'ca-ec.pem',
      key: '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----',
      message: /must not be encrypted/,
    },
    { chain: 'cp-ec.csr', key: fixture('ca-ec.key.pem'), message: /holds no PEM certificate/ },
  ])('refuses $chain with a key that does not belong ($message)', async ({ chain, key, message }) => {
    const failure = loadAuthority(fixture(chain), key);
    await expect(failure).rejects.toThrow(AuthorityError);
    await expect(failure).rejects.toThrow(message);
  });

  it('never puts key material in its errors', async () => {
    const key = fixture('ca-rsa.key.pem');
    const body = key.split('\n')[1] ?? '';
    const error = await loadAuthority(fixture('ca-ec.pem'), key).catch((e: Error) => e);
    expect(String(error)).not.toContain(body.slice(0, 20));
  });

  it('takes the CA key identifier from the certificate', async () => {
    const authority = await ca('ca-ec');
    const text = execFileSync('openssl', ['x509', '-in', 'ca-ec.pem', '-noout', '-ext', 'subjectKeyIdentifier'], {
      encoding: 'utf8',
      cwd: join(__dirname, '../../tests/fixtures/ca'),
    });
    const hexId = Array.from(authority.keyId, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
    expect(text).toContain(hexId);
  });
});
