/**
 * The built-in CA's CRL checked independently by the openssl CLI: its signature verifies with the
 * CA certificate, it lists what was revoked with the reasons, and openssl then refuses the revoked
 * certificate (and only it) when checking against the CRL.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAuthority } from './authority';
import { buildCrl, type RevokedEntry, serialBytes } from './crl';
import { issueChargePointCertificate } from './issue';
import { toPem } from './pem';

const FIXTURES = join(__dirname, '../../tests/fixtures/ca');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const ca = (name: string) => loadAuthority(fixture(`${name}.pem`), fixture(`${name}.key.pem`));
const NOW = new Date('2026-11-26T10:00:00Z');
const DAY = 86_400_000;

function files(contents: Record<string, string | Uint8Array>): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'crl-test-'));
  for (const [name, data] of Object.entries(contents)) writeFileSync(join(dir, name), data);
  return (name) => join(dir, name);
}

/** openssl's own exit status and output, both streams together (verify results go to stderr). */
function openssl(...args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('openssl', args, { encoding: 'utf8' });
  return { ok: run.status === 0, out: `${run.stdout}${run.stderr}` };
}

async function leaf(caName: string, csr: string) {
  const out = await issueChargePointCertificate(await ca(caName), fixture(csr), {
    identity: 'CP-CA-1',
    now: new Date(),
  });
  if (!out.ok) throw new Error(out.reason);
  return out.certificate;
}

describe('buildCrl', () => {
  it.each(['ca-ec', 'ca-p384', 'ca-rsa'])(
    '%s: openssl verifies the signature and reads every entry',
    async (caName) => {
      const revoked: RevokedEntry[] = [
        {
          serial: '4A1B2C3D4E5F60718293A4B5C6D7E8F9',
          revokedAt: new Date('2026-11-20T08:30:00Z'),
          reason: 'keyCompromise',
        },
        { serial: '7F', revokedAt: new Date('2026-11-21T09:00:00Z'), reason: 'cessationOfOperation' },
        // The top bit set: DER needs a leading 0x00 to keep it positive.
        { serial: 'C0FFEE', revokedAt: new Date('2026-11-22T10:00:00Z'), reason: 'unspecified' },
      ];
      const der = await buildCrl(await ca(caName), revoked, {
        thisUpdate: NOW,
        nextUpdate: new Date(NOW.getTime() + DAY),
        number: 1_764_151_200,
      });
      const path = files({ 'crl.der': der, 'ca.pem': fixture(`${caName}.pem`) });
      const verify = openssl(
        'crl',
        '-inform',
        'DER',
        '-in',
        path('crl.der'),
        '-CAfile',
        path('ca.pem'),
        '-noout',
        '-verify',
      );
      expect(verify).toEqual({ ok: true, out: 'verify OK\n' });

      const text = execFileSync('openssl', ['crl', '-inform', 'DER', '-in', path('crl.der'), '-noout', '-text'], {
        encoding: 'utf8',
      });
      expect(text).toContain('Version 2 (0x1)');
      expect(text).toContain('Last Update: Nov 26 10:00:00 2026 GMT');
      expect(text).toContain('Next Update: Nov 27 10:00:00 2026 GMT');
      expect(text).toMatch(/X509v3 CRL Number:\s+1764151200/);
      expect(text).toMatch(/X509v3 Authority Key Identifier:\s+[0-9A-F:]{59}/);
      const entries = text.split('Serial Number: ').slice(1);
      expect(entries.map((e) => e.split('\n')[0])).toEqual(['4A1B2C3D4E5F60718293A4B5C6D7E8F9', '7F', 'C0FFEE']);
      expect(entries[0]).toMatch(
        /Revocation Date: Nov 20 08:30:00 2026 GMT\s+CRL entry extensions:\s+X509v3 CRL Reason Code:\s+Key Compromise/,
      );
      expect(entries[1]).toMatch(/X509v3 CRL Reason Code:\s+Cessation Of Operation/);
      // unspecified: no reason extension at all (RFC 5280 5.3.1).
      expect(entries[2]).not.toContain('CRL Reason Code');
    },
  );

  it('an empty CRL leaves the list out and still verifies', async () => {
    const der = await buildCrl(await ca('ca-ec'), [], {
      thisUpdate: NOW,
      nextUpdate: new Date(NOW.getTime() + DAY),
      number: 0,
    });
    const path = files({ 'crl.der': der, 'ca.pem': fixture('ca-ec.pem') });
    expect(
      openssl('crl', '-inform', 'DER', '-in', path('crl.der'), '-CAfile', path('ca.pem'), '-noout', '-verify').out,
    ).toBe('verify OK\n');
    const text = openssl('crl', '-inform', 'DER', '-in', path('crl.der'), '-noout', '-text').out;
    expect(text).toContain('No Revoked Certificates.');
  });

  it('openssl refuses the revoked certificate and still accepts another one of the same CA', async () => {
    const revoked = await leaf('ca-ec', 'cp-ec.csr');
    const kept = await leaf('ca-ec', 'cp-rsa.csr');
    const now = new Date();
    const der = await buildCrl(await ca('ca-ec'), [{ serial: revoked.serial, revokedAt: now, reason: 'superseded' }], {
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + DAY),
      number: 2,
    });
    const path = files({
      'crl.pem': toPem('X509 CRL', der),
      'ca.pem': fixture('ca-ec.pem'),
      'revoked.pem': revoked.certificatePem,
      'kept.pem': kept.certificatePem,
    });
    const check = (cert: string) =>
      openssl('verify', '-crl_check', '-CRLfile', path('crl.pem'), '-CAfile', path('ca.pem'), path(cert));
    const refused = check('revoked.pem');
    expect(refused.ok).toBe(false);
    expect(refused.out).toContain('certificate revoked');
    expect(check('kept.pem')).toEqual({ ok: true, out: `${path('kept.pem')}: OK\n` });
  });

  it.each(['', 'xyz', '0', 'A'.repeat(42)])('refuses the serial %j', (serial) => {
    expect(() => serialBytes(serial)).toThrow('Not a hexadecimal serial number');
  });
});
