/**
 * @module Byte helpers for signed meter values (ADR 060): hex, base64 and RFC 4648 base32 decoding
 * that return null instead of throwing, and the few DER reads the signatures and keys need.
 */

export function hexToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (clean.length === 0 || clean.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(clean)) return null;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function base64ToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (clean.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) return null;
  try {
    const binary = atob(clean.padEnd(Math.ceil(clean.length / 4) * 4, '='));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (upper case, `=` padding optional), as the Alfen "AP" format uses. */
export function base32ToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '').toUpperCase();
  if (clean.length === 0) return null;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Decodes UTF-8 strictly: null when the bytes are not text (a wrong encoding guess). */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export interface Der {
  tag: number;
  /** The value bytes (without tag and length). */
  value: Uint8Array;
  /** Offset of the next element after this one. */
  end: number;
}

/** Reads one DER element at `offset`; null when the bytes do not hold one. */
export function readDer(bytes: Uint8Array, offset = 0): Der | null {
  if (offset + 2 > bytes.length) return null;
  const tag = bytes[offset] ?? 0;
  let length = bytes[offset + 1] ?? 0;
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 3 || start + count > bytes.length) return null;
    length = 0;
    for (let i = 0; i < count; i++) length = (length << 8) | (bytes[start + i] ?? 0);
    start += count;
  }
  if (start + length > bytes.length) return null;
  return { tag, value: bytes.subarray(start, start + length), end: start + length };
}

/** The elements inside a constructed DER value (a SEQUENCE's children). */
export function derChildren(value: Uint8Array): Der[] | null {
  const children: Der[] = [];
  let offset = 0;
  while (offset < value.length) {
    const child = readDer(value, offset);
    if (!child) return null;
    children.push(child);
    offset = child.end;
  }
  return children;
}
