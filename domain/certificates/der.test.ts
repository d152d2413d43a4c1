import { describe, expect, it } from 'vitest';
import {
  children,
  DerError,
  decodeOid,
  decodeTime,
  hex,
  oid,
  readDer,
  seq,
  smallInteger,
  time,
  unsignedInteger,
} from './der';
import { validityDays } from './issue';
import { ecdsaDerToRaw, ecdsaRawToDer } from './keys';

describe('DER', () => {
  it.each(['2.5.4.3', '1.2.840.113549.1.9.14', '1.3.6.1.5.5.7.3.2', '1.2.840.10045.3.1.7'])(
    'writes and reads the OID %s',
    (dotted) => {
      expect(decodeOid(readDer(oid(dotted)))).toBe(dotted);
    },
  );

  it('encodes the OID of commonName as X.690 says', () => {
    expect(hex(oid('2.5.4.3'))).toBe('0603550403');
  });

  it.each([
    { bytes: [0x01], expected: '020101' },
    { bytes: [0x80], expected: '02020080' },
    { bytes: [0x00, 0x00, 0x7f], expected: '02017F' },
    { bytes: [0x00, 0xff], expected: '020200FF' },
  ])('writes the unsigned integer $bytes minimally', ({ bytes, expected }) => {
    expect(hex(unsignedInteger(Uint8Array.from(bytes)))).toBe(expected);
  });

  it('writes long lengths and reads the children back', () => {
    const big = seq(...Array.from({ length: 50 }, () => smallInteger(5)));
    expect(hex(big.subarray(0, 3))).toBe('308196');
    expect(children(readDer(big))).toHaveLength(50);
  });

  it.each([
    { name: 'trailing bytes', bytes: [0x02, 0x01, 0x01, 0x00] },
    { name: 'a truncated element', bytes: [0x30, 0x05, 0x02, 0x01] },
    { name: 'a non-minimal length', bytes: [0x02, 0x81, 0x01, 0x01] },
    { name: 'an indefinite length', bytes: [0x30, 0x80, 0x00, 0x00] },
  ])('refuses $name', ({ bytes }) => {
    expect(() => readDer(Uint8Array.from(bytes))).toThrow(DerError);
  });

  it('writes UTCTime until 2049 and GeneralizedTime from 2050, and reads both', () => {
    const a = new Date('2049-12-31T23:59:59Z');
    const b = new Date('2050-01-01T00:00:00Z');
    expect(new TextDecoder().decode(readDer(time(a)).value)).toBe('491231235959Z');
    expect(new TextDecoder().decode(readDer(time(b)).value)).toBe('20500101000000Z');
    expect(decodeTime(readDer(time(a))).toISOString()).toBe(a.toISOString());
    expect(decodeTime(readDer(time(b))).toISOString()).toBe(b.toISOString());
  });

  it('converts ECDSA signatures between raw r‖s and DER both ways', () => {
    const raw = Uint8Array.from({ length: 64 }, (_, i) => (i === 0 ? 0x80 : i === 32 ? 0 : i));
    const der = ecdsaRawToDer(raw);
    expect(ecdsaDerToRaw(der, 32)).toEqual(raw);
  });
});

describe('OCPP_CA_VALIDITY_DAYS', () => {
  it.each([
    { value: undefined, days: 365 },
    { value: '30', days: 30 },
    { value: ' 730 ', days: 730 },
    { value: '0', days: 365 },
    { value: '3651', days: 365 },
    { value: '1.5', days: 365 },
    { value: 'abc', days: 365 },
  ])('reads $value as $days days', ({ value, days }) => {
    expect(validityDays(value)).toBe(days);
  });
});
