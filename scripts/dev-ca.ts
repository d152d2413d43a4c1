/**
 * @module The development certificate authority of `npm start` (issue 24): an ECDSA P-256 root made
 * once with WebCrypto (no openssl needed) in the local state (`.wrangler/state/dev-ca/`), handed to
 * the ocpp worker through the managed block of `workers/ocpp/.dev.vars`, so SignCertificate works on
 * a fresh machine (ADR 014, addendum 4). A CA the developer configured there is left alone. It is
 * never used in production: deploys read secrets, not .dev.vars.
 *
 * Usage: `tsx scripts/dev-ca.ts <state dir>` (npm start runs it).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  bitString,
  boolean,
  explicit,
  octetString,
  oid,
  seq,
  smallInteger,
  time,
  unsignedInteger,
  utf8String,
} from '../domain/certificates/der';
import { ecdsaRawToDer, sha1 } from '../domain/certificates/keys';
import { writeName } from '../domain/certificates/names';
import { OID } from '../domain/certificates/oids';
import { toPem } from '../domain/certificates/pem';

export interface DevelopmentCa {
  certificatePem: string;
  privateKeyPem: string;
}

const DAY_MS = 86_400_000;

const extension = (id: string, critical: boolean, value: Uint8Array) =>
  seq(oid(id), ...(critical ? [boolean(true)] : []), octetString(value));

/** A self-signed CA certificate (basicConstraints cA, keyCertSign and cRLSign) and its PKCS#8 key. */
export async function createDevelopmentCa(
  opts: { commonName?: string; now?: Date; validityDays?: number } = {},
): Promise<DevelopmentCa> {
  const now = opts.now ?? new Date();
  const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const point = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
  const name = writeName([
    [{ oid: OID.organizationName, text: 'Back office development', raw: utf8String('Back office development') }],
    [
      {
        oid: OID.commonName,
        text: opts.commonName ?? 'Development CA',
        raw: utf8String(opts.commonName ?? 'Development CA'),
      },
    ],
  ]);
  const serial = crypto.getRandomValues(new Uint8Array(16));
  serial[0] = ((serial[0] as number) & 0x7f) | 0x01; // positive and never zero-led
  const algorithm = seq(oid(OID.ecdsaWithSHA256));
  const tbs = seq(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    algorithm,
    name,
    seq(time(new Date(now.getTime() - DAY_MS)), time(new Date(now.getTime() + (opts.validityDays ?? 3650) * DAY_MS))),
    name,
    spki,
    explicit(
      3,
      seq(
        extension(OID.basicConstraints, true, seq(boolean(true))),
        // keyCertSign (bit 5) and cRLSign (bit 6): 0b0000011x with one unused bit.
        extension(OID.keyUsage, true, bitString(Uint8Array.of(0x06), 1)),
        extension(OID.subjectKeyIdentifier, false, octetString(await sha1(point))),
      ),
    ),
  );
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, tbs as Uint8Array<ArrayBuffer>),
  );
  const certificate = seq(tbs, algorithm, bitString(ecdsaRawToDer(signature)));
  return { certificatePem: toPem('CERTIFICATE', certificate), privateKeyPem: toPem('PRIVATE KEY', pkcs8) };
}

/** The state's development CA, made on first use. */
export async function developmentCa(stateDir: string): Promise<DevelopmentCa> {
  const dir = join(stateDir, 'dev-ca');
  const cert = join(dir, 'ca.pem');
  const key = join(dir, 'ca.key.pem');
  if (existsSync(cert) && existsSync(key)) {
    return { certificatePem: readFileSync(cert, 'utf8'), privateKeyPem: readFileSync(key, 'utf8') };
  }
  const ca = await createDevelopmentCa();
  mkdirSync(dir, { recursive: true });
  writeFileSync(cert, ca.certificatePem);
  writeFileSync(key, ca.privateKeyPem, { mode: 0o600 });
  return ca;
}

const BEGIN = '# >>> npm start: development CA (scripts/dev-ca.ts), local only; delete this block to drop it';
const END = '# <<< npm start: development CA';

/**
 * `.dev.vars` with the managed block set to `ca`, or removed when the rest of the file configures a CA
 * of its own (then that one is used). Other lines are kept as they are.
 */
export function withDevelopmentCa(devVars: string, ca: DevelopmentCa): { text: string; used: boolean } {
  const lines = devVars.split('\n');
  const start = lines.indexOf(BEGIN);
  const end = lines.indexOf(END);
  const rest = start >= 0 && end > start ? [...lines.slice(0, start), ...lines.slice(end + 1)] : lines;
  const own = rest.some((l) => /^\s*OCPP_CA_CERTIFICATE_CHAIN\s*=/.test(l));
  const kept = rest.join('\n').replace(/\n*$/, '');
  if (own) return { text: kept ? `${kept}\n` : '', used: false };
  const quoted = (pem: string) => `"${pem.trim()}"`;
  const block = [
    BEGIN,
    `OCPP_CA_CERTIFICATE_CHAIN=${quoted(ca.certificatePem)}`,
    `OCPP_CA_PRIVATE_KEY=${quoted(ca.privateKeyPem)}`,
    END,
  ].join('\n');
  return { text: `${kept ? `${kept}\n` : ''}${block}\n`, used: true };
}

async function main(stateDir: string) {
  const ca = await developmentCa(stateDir);
  const file = 'workers/ocpp/.dev.vars';
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const { text, used } = withDevelopmentCa(before, ca);
  if (text !== before) writeFileSync(file, text, { mode: 0o600 });
  console.log(
    used
      ? `development CA of ${join(stateDir, 'dev-ca')} (SignCertificate answered by the built-in CA)`
      : `the CA configured in ${file} (the development CA is not used)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv[2] ?? '.wrangler/state');
}
