/**
 * @module A small DER reader and writer: exactly what CSRs and certificates need (single-byte tags,
 * definite lengths). The reader keeps each element's raw bytes, since signatures cover them as sent.
 */

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  T61_STRING: 0x14,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  BMP_STRING: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

export class DerError extends Error {}

/** One element: its tag, its whole encoding (`raw`) and its contents (`value`). */
export interface Der {
  tag: number;
  raw: Uint8Array;
  value: Uint8Array;
}

function readOne(bytes: Uint8Array, offset: number): Der {
  if (offset + 2 > bytes.length) throw new DerError('Truncated DER element');
  const tag = bytes[offset] as number;
  if ((tag & 0x1f) === 0x1f) throw new DerError('Multi-byte DER tags are not supported');
  let length = bytes[offset + 1] as number;
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new DerError('Unsupported DER length');
    if (offset + 2 + count > bytes.length) throw new DerError('Truncated DER length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + (bytes[offset + 2 + i] as number);
    if (length < 0x80 || (count > 1 && bytes[offset + 2] === 0)) throw new DerError('Non-minimal DER length');
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new DerError('DER element longer than its container');
  return { tag, raw: bytes.subarray(offset, end), value: bytes.subarray(offset + header, end) };
}

/** The single element that makes up `bytes` (trailing bytes are an error). */
export function readDer(bytes: Uint8Array): Der {
  const el = readOne(bytes, 0);
  if (el.raw.length !== bytes.length) throw new DerError('Trailing bytes after DER element');
  return el;
}

/** The elements inside a constructed element (SEQUENCE, SET, explicit context tags). */
export function children(el: Der): Der[] {
  if (!(el.tag & 0x20)) throw new DerError('Not a constructed DER element');
  const out: Der[] = [];
  let offset = 0;
  while (offset < el.value.length) {
    const child = readOne(el.value, offset);
    out.push(child);
    offset += child.raw.length;
  }
  return out;
}

/** `children`, checking the tag of the container and, optionally, how many there must be at least. */
export function expect(el: Der | undefined, tag: number, minChildren = 0): Der[] {
  if (!el || el.tag !== tag) throw new DerError(`Expected DER tag 0x${tag.toString(16)}`);
  const out = children(el);
  if (out.length < minChildren) throw new DerError('DER structure too short');
  return out;
}

export function decodeOid(el: Der | undefined): string {
  if (!el || el.tag !== TAG.OID || el.value.length === 0) throw new DerError('Expected an OBJECT IDENTIFIER');
  const parts: number[] = [];
  let n = 0;
  for (const b of el.value) {
    n = n * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      parts.push(n);
      n = 0;
    }
  }
  const first = parts.shift() ?? 0;
  const head = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80];
  return [...head, ...parts].join('.');
}

/** A BIT STRING's bytes; only whole-byte strings (keys, signatures) are accepted. */
export function bitStringBytes(el: Der | undefined): Uint8Array {
  if (!el || el.tag !== TAG.BIT_STRING || el.value[0] !== 0) throw new DerError('Expected a whole-byte BIT STRING');
  return el.value.subarray(1);
}

/** The text of a directory string (UTF8, Printable, IA5, T61 read as Latin-1, BMP). */
export function decodeString(el: Der): string {
  if (el.tag === TAG.BMP_STRING) {
    let s = '';
    for (let i = 0; i + 1 < el.value.length; i += 2)
      s += String.fromCharCode(((el.value[i] as number) << 8) | (el.value[i + 1] as number));
    return s;
  }
  if (el.tag === TAG.T61_STRING) return String.fromCharCode(...el.value);
  return new TextDecoder('utf-8', { fatal: true }).decode(el.value);
}

// ---- Writer ----

function lengthBytes(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return [0x80 | out.length, ...out];
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const value = concat(contents);
  return concat([Uint8Array.of(tag, ...lengthBytes(value.length)), value]);
}

export const seq = (...items: Uint8Array[]) => tlv(TAG.SEQUENCE, ...items);
/** A context-specific constructed tag ([n] EXPLICIT). */
export const explicit = (n: number, ...items: Uint8Array[]) => tlv(0xa0 | n, ...items);
export const octetString = (bytes: Uint8Array) => tlv(TAG.OCTET_STRING, bytes);
export const bitString = (bytes: Uint8Array, unusedBits = 0) => tlv(TAG.BIT_STRING, Uint8Array.of(unusedBits), bytes);
export const derNull = () => Uint8Array.of(TAG.NULL, 0);
export const boolean = (v: boolean) => Uint8Array.of(TAG.BOOLEAN, 1, v ? 0xff : 0);
export const utf8String = (s: string) => tlv(TAG.UTF8_STRING, new TextEncoder().encode(s));

/** An unsigned big-endian integer, minimally encoded (a 0x00 is added when the top bit is set). */
export function unsignedInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const body = bytes.subarray(start);
  return tlv(TAG.INTEGER, ...((body[0] as number) & 0x80 ? [Uint8Array.of(0), body] : [body]));
}

export const smallInteger = (n: number) => unsignedInteger(Uint8Array.of(n));

export function oid(dotted: string): Uint8Array {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const out: number[] = [];
  for (const n of [a * 40 + b, ...rest]) {
    const group = [n & 0x7f];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) group.unshift((v & 0x7f) | 0x80);
    out.push(...group);
  }
  return tlv(TAG.OID, Uint8Array.from(out));
}

/** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5), to the second, in UTC. */
export function time(at: Date): Uint8Array {
  const iso = at.toISOString();
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  const year = at.getUTCFullYear();
  return year >= 1950 && year < 2050
    ? tlv(TAG.UTC_TIME, new TextEncoder().encode(digits.slice(2)))
    : tlv(TAG.GENERALIZED_TIME, new TextEncoder().encode(digits));
}

export function decodeTime(el: Der | undefined): Date {
  if (!el || (el.tag !== TAG.UTC_TIME && el.tag !== TAG.GENERALIZED_TIME)) throw new DerError('Expected a time');
  const s = new TextDecoder().decode(el.value);
  const m = (
    el.tag === TAG.UTC_TIME
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/
      : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/
  ).exec(s);
  if (!m) throw new DerError('Unsupported time format');
  const [, y = '', mo = '', d = '', h = '', mi = '', se = ''] = m;
  const year = el.tag === TAG.UTC_TIME ? (Number(y) < 50 ? 2000 : 1900) + Number(y) : Number(y);
  return new Date(Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)));
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}
