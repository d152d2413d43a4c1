/**
 * @module A small, defensive ZIP reader for uploaded spreadsheets: it reads the central directory
 * itself (no ZIP64, no encryption, stored or deflated entries only) and inflates an entry in small
 * slices with fflate's streaming inflater, counting the output, so a zip bomb is stopped at the cap
 * instead of filling memory. Declared sizes are never trusted.
 */
import { Inflate } from 'fflate';

export class ZipError extends Error {
  constructor(
    readonly reason: 'notZip' | 'corrupt' | 'unsupported' | 'tooLarge',
    message: string,
  ) {
    super(message);
    this.name = 'ZipError';
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const MAX_ENTRIES = 2000;
/** Compressed bytes handed to the inflater per push: at most ~1,032x that comes out of one push. */
const SLICE = 4096;

function u16(b: Uint8Array, at: number): number {
  if (at + 2 > b.length) throw new ZipError('corrupt', 'truncated');
  return (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
}
function u32(b: Uint8Array, at: number): number {
  if (at + 4 > b.length) throw new ZipError('corrupt', 'truncated');
  return ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16)) + (b[at + 3] ?? 0) * 0x1000000;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The entries of the central directory, by name. */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  if (!isZip(bytes)) throw new ZipError('notZip', 'not a zip file');
  // End of central directory: 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('corrupt', 'no end of central directory');
  const count = u16(bytes, eocd + 10);
  const dirOffset = u32(bytes, eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw new ZipError('unsupported', 'zip64');
  if (count > MAX_ENTRIES) throw new ZipError('tooLarge', 'too many entries');
  const decoder = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (u32(bytes, at) !== 0x02014b50) throw new ZipError('corrupt', 'bad central directory entry');
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const compressedSize = u32(bytes, at + 20);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const localHeaderOffset = u32(bytes, at + 42);
    if (at + 46 + nameLength > bytes.length) throw new ZipError('corrupt', 'truncated name');
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1) throw new ZipError('unsupported', 'encrypted entry');
    entries.set(name.replace(/^\/+/, ''), { name, method, compressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's bytes, inflated; throws `tooLarge` as soon as more than `maxBytes` come out. */
export function readEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const at = entry.localHeaderOffset;
  if (u32(bytes, at) !== 0x04034b50) throw new ZipError('corrupt', 'bad local header');
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipError('corrupt', 'entry past the end of the file');
  const data = bytes.subarray(start, end);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new ZipError('tooLarge', `${entry.name} is larger than ${maxBytes} bytes`);
    return data;
  }
  if (entry.method !== 8) throw new ZipError('unsupported', `compression method ${entry.method}`);
  const parts: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > maxBytes) over = true;
    else parts.push(chunk);
  });
  try {
    for (let i = 0; i < data.length; i += SLICE) {
      inflater.push(data.subarray(i, Math.min(i + SLICE, data.length)), i + SLICE >= data.length);
      if (over) throw new ZipError('tooLarge', `${entry.name} is larger than ${maxBytes} bytes`);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError('corrupt', `cannot inflate ${entry.name}`);
  }
  const out = new Uint8Array(size);
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}
