import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { detectFormat, safeXml, verifySigned } from './signed-values';

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/metering/${name}`, import.meta.url), 'utf8');
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: true,
});

/** The KEBA KCP30 value and key from the S.A.F.E. software's own test data (see the fixture's README). */
function keba() {
  const doc = parser.parse(fixture('safe-keba-kcp30-ocmf.xml'));
  return {
    signedData: doc.values.value.signedData['#text'] as string,
    publicKey: doc.values.value.publicKey['#text'] as string,
  };
}

const PAYLOAD = JSON.stringify({
  FV: '1.0',
  GI: 'ACME wallbox',
  GS: 'WB-001',
  GV: '1.2.3',
  PG: 'T7',
  MV: 'ACME',
  MM: 'M1',
  MS: 'METER-0042',
  MF: '1.0',
  IS: true,
  IL: 'VERIFIED',
  IF: ['RFID_PLAIN'],
  IT: 'ISO14443',
  ID: '04A1B2C3',
  RD: [
    { TM: '2026-11-27T10:00:00,000+0100 S', TX: 'B', RV: 1234.5678, RI: '1-b:1.8.0', RU: 'kWh', ST: 'G' },
    { TM: '2026-11-27T11:30:15,250+0100 S', TX: 'E', RV: 1256.0001, RI: '1-b:1.8.0', ST: 'G' },
  ],
});

type Curve = 'prime256v1' | 'secp384r1' | 'prime192v1';
const keys = new Map<Curve, { privateKey: KeyObject; spkiHex: string }>();
function keyOf(curve: Curve) {
  let key = keys.get(curve);
  if (!key) {
    const pair = generateKeyPairSync('ec', { namedCurve: curve });
    key = {
      privateKey: pair.privateKey,
      spkiHex: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('hex'),
    };
    keys.set(curve, key);
  }
  return key;
}

/** A real OCMF value signed by node:crypto (OpenSSL), independent of the code under test. */
function ocmf(curve: Curve, sa: string | null, payload = PAYLOAD) {
  const sd = sign('sha256', Buffer.from(payload), keyOf(curve).privateKey).toString('hex').toUpperCase();
  return `OCMF|${payload}|${JSON.stringify(sa ? { SA: sa, SD: sd } : { SD: sd })}`;
}

const tamper = (value: string) => value.replace('1256.0001', '1256.0002');

describe('verifySigned: OCMF', () => {
  it.each([
    { curve: 'prime256v1' as const, sa: 'ECDSA-secp256r1-SHA256' },
    { curve: 'prime256v1' as const, sa: null },
    { curve: 'secp384r1' as const, sa: 'ECDSA-secp384r1-SHA256' },
    { curve: 'prime192v1' as const, sa: 'ECDSA-secp192r1-SHA256' },
  ])('$sa on $curve: valid, and invalid once one digit of the payload changes', async ({ curve, sa }) => {
    const signedData = ocmf(curve, sa);
    const publicKey = keyOf(curve).spkiHex;
    const check = await verifySigned({ signedData, publicKey });
    expect(check).toMatchObject({ format: 'OCMF', status: 'valid', meterSerial: 'METER-0042', publicKey });
    expect(check.signatureAlgorithm).toBe(sa ?? 'ECDSA-secp256r1-SHA256');
    expect(await verifySigned({ signedData: tamper(signedData), publicKey })).toMatchObject({ status: 'invalid' });
  });

  it('reads the readings: UTC time, Wh (the unit carried over), reason and status', async () => {
    const check = await verifySigned({ signedData: ocmf('prime256v1', null) });
    expect(check.readings).toEqual([
      { time: '2026-11-27T09:00:00.000Z', valueWh: 1234567.8, reason: 'B', status: 'G' },
      { time: '2026-11-27T10:30:15.250Z', valueWh: 1256000.1, reason: 'E', status: 'G' },
    ]);
  });

  it('verifies the published KEBA KCP30 value with its key, and rejects it tampered', async () => {
    const { signedData, publicKey } = keba();
    const check = await verifySigned({ signedData, publicKey, encoding: 'plain' });
    expect(check).toMatchObject({ format: 'OCMF', status: 'valid', signatureAlgorithm: 'ECDSA-secp256r1-SHA256' });
    expect(check.readings.map((r) => r.valueWh)).toEqual([259.6, 259.7]);
    const tampered = signedData.replace('"RV":0.2597', '"RV":0.2598');
    expect(await verifySigned({ signedData: tampered, publicKey })).toMatchObject({ status: 'invalid' });
  });

  it('takes OCPP 2.0.1 base64 (value and key) and guesses hex when no encoding is given', async () => {
    const signedData = ocmf('prime256v1', 'ECDSA-secp256r1-SHA256');
    const keyBase64 = Buffer.from(keyOf('prime256v1').spkiHex, 'hex').toString('base64');
    const base64 = Buffer.from(signedData).toString('base64');
    expect(await verifySigned({ signedData: base64, encoding: 'base64', publicKey: keyBase64 })).toMatchObject({
      status: 'valid',
    });
    const hex = Buffer.from(signedData).toString('hex');
    expect(detectFormat({ signedData: hex })).toBe('OCMF');
    expect(await verifySigned({ signedData: hex, publicKey: keyBase64 })).toMatchObject({ status: 'valid' });
  });

  it('accepts the key as a bare point (04‖X‖Y) as well as DER', async () => {
    const spki = keyOf('prime256v1').spkiHex;
    const point = spki.slice(-130);
    expect(await verifySigned({ signedData: ocmf('prime256v1', null), publicKey: point })).toMatchObject({
      status: 'valid',
    });
  });

  it('says no_public_key without a key, invalid with a key of another curve', async () => {
    const signedData = ocmf('prime256v1', null);
    expect(await verifySigned({ signedData })).toMatchObject({ status: 'no_public_key', meterSerial: 'METER-0042' });
    expect(await verifySigned({ signedData, publicKey: keyOf('secp384r1').spkiHex })).toMatchObject({
      status: 'invalid',
    });
  });

  it('says unsupported for an algorithm it does not know, malformed for garbage', async () => {
    const rsa = ocmf('prime256v1', 'RSA-2048-SHA256');
    expect(await verifySigned({ signedData: rsa, publicKey: keyOf('prime256v1').spkiHex })).toMatchObject({
      format: 'OCMF',
      status: 'unsupported',
    });
    for (const signedData of ['', 'hello', 'OCMF|{"FV":"1.0"|{}', 'OCMF|{}|{"SD":"zz"}', '%%%']) {
      expect(await verifySigned({ signedData, publicKey: keyOf('prime256v1').spkiHex })).toMatchObject({
        status: 'malformed',
      });
    }
    expect(await verifySigned({ signedData: ocmf('prime256v1', null), publicKey: 'not a key' })).toMatchObject({
      status: 'malformed',
    });
  });
});

describe('safeXml', () => {
  it('writes what the S.A.F.E. software reads, escaped, and parses back to the same values', () => {
    const { signedData, publicKey } = keba();
    const evil = 'OCMF|{"FV":"1.0","GI":"A&B <x>","RD":[]}|{"SD":"00"}';
    const xml = safeXml([
      { signedData, publicKey, transactionId: 'S-1', context: 'Transaction.Begin' },
      { signedData: Buffer.from(evil).toString('base64'), encoding: 'base64' },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('A&amp;B &lt;x&gt;');
    const values = parser.parse(xml).values.value;
    expect(values).toHaveLength(2);
    expect(values[0]).toMatchObject({ transactionId: 'S-1', context: 'Transaction.Begin' });
    expect(values[0].signedData).toEqual({ '#text': signedData, format: 'OCMF', encoding: 'plain' });
    expect(values[0].publicKey).toEqual({ '#text': publicKey.toLowerCase(), encoding: 'hex' });
    expect(values[1]).toMatchObject({ transactionId: '1', context: 'Transaction.End' });
    expect(values[1].signedData['#text']).toBe(evil);
    expect(values[1].publicKey).toBeUndefined();
  });
});
