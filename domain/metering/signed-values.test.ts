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

type Curve = 'prime256v1' | 'secp384r1' | 'prime192v1' | 'brainpoolP256r1' | 'secp256k1';
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

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32(bytes: Uint8Array): string {
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5) out += BASE32[Number.parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=');
}

/** An Alfen "AP" value built byte by byte and signed by node:crypto on secp192r1, r‖s as Alfen sends it. */
function alfen(type: '0' | '1' | '2', wh: bigint, seconds: number, scalar = 0) {
  const { privateKey, spkiHex } = keyOf('prime192v1');
  const set = new Uint8Array(82);
  const view = new DataView(set.buffer);
  set.set(Buffer.from('0A01445A470033000140', 'hex'), 16);
  view.setUint32(34, seconds, true);
  set.set([1, 0, 1, 8, 0, 255], 38);
  set[44] = 30;
  view.setInt8(45, scalar);
  view.setBigUint64(46, wh, true);
  const signature = sign('sha256', set, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const point = Buffer.from(spkiHex.slice(-98), 'hex'); // 04‖X‖Y, 24 bytes each
  const compressed = Uint8Array.of(2 + (point[48] & 1), ...point.subarray(1, 25));
  return `AP;${type};3;${base32(compressed)};${base32(set)};${base32(signature)};`;
}

const tamper = (value: string) => value.replace('1256.0001', '1256.0002');

describe('verifySigned: OCMF', () => {
  it.each([
    { curve: 'prime256v1' as const, sa: 'ECDSA-secp256r1-SHA256' },
    { curve: 'prime256v1' as const, sa: null },
    { curve: 'secp384r1' as const, sa: 'ECDSA-secp384r1-SHA256' },
    { curve: 'prime192v1' as const, sa: 'ECDSA-secp192r1-SHA256' },
    { curve: 'brainpoolP256r1' as const, sa: 'ECDSA-brainpool256r1-SHA256' },
    { curve: 'secp256k1' as const, sa: 'ECDSA-secp256k1-SHA256' },
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

  it('accepts the key as a bare point (04‖X‖Y) or PEM as well as DER hex', async () => {
    const spki = keyOf('prime256v1').spkiHex;
    const point = spki.slice(-130);
    expect(await verifySigned({ signedData: ocmf('prime256v1', null), publicKey: point })).toMatchObject({
      status: 'valid',
    });
    const base64 = Buffer.from(spki, 'hex').toString('base64');
    const pem = `-----BEGIN PUBLIC KEY-----\n${base64.slice(0, 64)}\n${base64.slice(64)}\n-----END PUBLIC KEY-----\n`;
    expect(await verifySigned({ signedData: ocmf('prime256v1', null), publicKey: pem })).toMatchObject({
      status: 'valid',
    });
  });

  it('reads a value whose station mislabelled its encoding', async () => {
    const signedData = ocmf('prime256v1', null);
    const publicKey = keyOf('prime256v1').spkiHex;
    // 2.0.1 encodingMethod names the format ("OCMF"); signedMeterData is base64 all the same.
    const base64 = Buffer.from(signedData).toString('base64');
    expect(await verifySigned({ signedData: base64, encoding: 'OCMF', publicKey })).toMatchObject({ status: 'valid' });
    expect(await verifySigned({ signedData, encoding: 'base64', publicKey })).toMatchObject({ status: 'valid' });
    const hex = Buffer.from(signedData).toString('hex');
    expect(await verifySigned({ signedData: hex, encoding: 'plain', publicKey })).toMatchObject({ status: 'valid' });
  });

  it('takes the algorithm from 2.0.1 signingMethod when the value names none', async () => {
    const signedData = ocmf('secp384r1', null);
    const publicKey = keyOf('secp384r1').spkiHex;
    const check = await verifySigned({ signedData, publicKey, signingMethod: 'ECDSA-secp384r1-SHA256' });
    expect(check).toMatchObject({ status: 'valid', signatureAlgorithm: 'ECDSA-secp384r1-SHA256' });
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

describe('verifySigned: Alfen', () => {
  it('reads and verifies the published S.A.F.E. sample with the key inside it', async () => {
    const signedData = fixture('alfen-safe-verifier-test.txt');
    expect(detectFormat({ signedData })).toBe('ALFEN');
    expect(await verifySigned({ signedData })).toEqual({
      format: 'ALFEN',
      status: 'valid',
      message: expect.any(String),
      meterSerial: '0A01445A470033000140',
      publicKey: '032a10910e8c75132569f6239a1802802f21944bf78887edbf',
      readings: [{ time: '2018-11-23T14:41:01.000Z', valueWh: 15762, reason: 'B', status: '00000000' }],
      signatureAlgorithm: 'ECDSA-secp192r1-SHA256',
    });
    // The station's configured key: the same one (base32 as printed, or hex) passes, another fails.
    for (const publicKey of [
      'AMVB BEIO RR2R GJLJ 6YRZ UGAC QAXS DFCL 66EI P3N7',
      '032a10910e8c75132569f6239a1802802f21944bf78887edbf',
    ]) {
      expect(await verifySigned({ signedData, publicKey })).toMatchObject({ status: 'valid' });
    }
    expect(await verifySigned({ signedData, publicKey: keyOf('prime192v1').spkiHex })).toMatchObject({
      status: 'invalid',
    });
  });

  it('verifies values it signed itself, reads their register, and rejects one changed byte', async () => {
    const stop = alfen('1', 1_234_567n, 1_795_000_000, -1);
    const check = await verifySigned({ signedData: stop, publicKey: keyOf('prime192v1').spkiHex });
    expect(check).toMatchObject({ format: 'ALFEN', status: 'valid', meterSerial: '0A01445A470033000140' });
    expect(check.readings).toEqual([
      { time: '2026-11-18T11:06:40.000Z', valueWh: 123456.7, reason: 'E', status: '00000000' },
    ]);
    const [ap, type, version, key, data, signature] = stop.split(';');
    const other = alfen('1', 1_234_568n, 1_795_000_000, -1).split(';')[4];
    expect(data).not.toBe(other);
    const forged = [ap, type, version, key, other, signature, ''].join(';');
    expect(await verifySigned({ signedData: forged })).toMatchObject({ status: 'invalid' });
  });

  it('says malformed for a value with a part missing or of the wrong size', async () => {
    const good = alfen('2', 5n, 1_795_000_000);
    const parts = good.split(';');
    for (const signedData of [
      parts.slice(0, 5).join(';'),
      good.replace(parts[5] ?? '', (parts[5] ?? '').slice(8)),
      good.replace('AP;2', 'AP;9'),
    ]) {
      expect(await verifySigned({ signedData })).toMatchObject({ format: 'ALFEN', status: 'malformed' });
    }
  });
});

describe('safeXml', () => {
  it('writes what the S.A.F.E. software reads, escaped, and parses back to the same values', () => {
    const { signedData, publicKey } = keba();
    const evil = 'OCMF|{"FV":"1.0","GI":"A&B <x>","RD":[]}|{"SD":"00"}';
    const ap = fixture('alfen-safe-verifier-test.txt').trim();
    const xml = safeXml([
      { signedData, publicKey, transactionId: 'uuid-a', context: 'Transaction.Begin' },
      { signedData: Buffer.from(evil).toString('base64'), encoding: 'base64', transactionId: 'uuid-a' },
      {
        signedData: ap,
        format: 'ALFEN',
        publicKey: 'AMVBBEIORR2RGJLJ6YRZUGACQAXSDFCL66EIP3N7',
        transactionId: 'uuid-b',
      },
      { signedData: '<edl40>not ours</edl40>', encoding: 'plain', transactionId: 'uuid-b' },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('A&amp;B &lt;x&gt;');
    const values = parser.parse(xml).values.value;
    expect(values).toHaveLength(4);
    // The software reads transactionId as an integer: our ids are numbered per session, in order.
    expect(values.map((v: { transactionId: string; context: string }) => [v.transactionId, v.context])).toEqual([
      ['1', 'Transaction.Begin'],
      ['1', 'Sample.Periodic'],
      ['2', 'Sample.Periodic'],
      ['2', 'Transaction.End'],
    ]);
    expect(values[0].signedData).toEqual({ '#text': signedData, format: 'OCMF', encoding: 'plain' });
    expect(values[0].publicKey).toEqual({ '#text': publicKey.toLowerCase(), encoding: 'hex' });
    expect(values[1].signedData['#text']).toBe(evil);
    expect(values[1].publicKey).toBeUndefined();
    // Alfen carries its key; the software refuses a given key spelt otherwise, so none is written.
    expect(values[2].signedData).toEqual({ '#text': ap, format: 'ALFEN', encoding: 'plain' });
    expect(values[2].publicKey).toBeUndefined();
    expect(values[3].signedData).toEqual({ '#text': '<edl40>not ours</edl40>', encoding: 'plain' });
  });

  it('keeps integer transaction ids and wraps a raw OCMF key into the DER form the software reads', () => {
    const { spkiHex } = keyOf('secp384r1');
    const signedData = ocmf('secp384r1', 'ECDSA-secp384r1-SHA256');
    const xml = safeXml([{ signedData, publicKey: spkiHex.slice(-194), transactionId: 42 }]);
    const value = parser.parse(xml).values.value;
    expect(value).toMatchObject({ transactionId: '42', context: 'Transaction.End' });
    expect(value.publicKey).toEqual({ '#text': spkiHex, encoding: 'hex' });
  });
});
