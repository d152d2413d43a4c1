/**
 * @module A bounded reader of Compound File Binary containers ([MS-CFB], the OLE2 file that holds a
 * legacy .xls): header, DIFAT, FAT, directory, mini-FAT and mini stream, enough to take one stream of
 * the root storage out. Every offset is checked against the file, every sector chain is walked with a
 * visited map (a cycle or a pointer out of the file is an error, never a hang), and no allocation is
 * larger than the file itself.
 */

export class CompoundFileError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'CompoundFileError';
  }
}

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const HEADER_DIFAT_ENTRIES = 109;
const MAX_REGULAR_SECTOR = 0xfffffffa;
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const NO_STREAM = 0xffffffff;
const DIR_ENTRY_BYTES = 128;
const TYPE_STORAGE = 1;
const TYPE_STREAM = 2;
const TYPE_ROOT = 5;

/** D0 CF 11 E0 A1 B1 1A E1. */
export function isCompoundFile(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

const fail = (message: string): never => {
  throw new CompoundFileError(message);
};

interface Layout {
  view: DataView;
  sectorSize: number;
  /** Whole or partial sectors after the header. */
  sectorCount: number;
  /** Byte offset of sector 0. */
  base: number;
}

function sector(layout: Layout, id: number): Uint8Array {
  if (id > MAX_REGULAR_SECTOR || id >= layout.sectorCount) fail(`sector ${id} is outside the file`);
  const start = layout.base + id * layout.sectorSize;
  const bytes = new Uint8Array(layout.view.buffer, layout.view.byteOffset, layout.view.byteLength);
  // The last sector may be cut short by some writers: what is missing reads as zeros.
  const out = new Uint8Array(layout.sectorSize);
  out.set(bytes.subarray(start, Math.min(start + layout.sectorSize, bytes.length)));
  return out;
}

/**
 * Follows a chain in `table` from `start`, at most `limit` links and never one twice; `wanted` links
 * are needed (fewer is a truncated chain), and the walk stops there.
 */
function chain(table: Uint32Array, start: number, wanted: number, what: string): number[] {
  const out: number[] = [];
  const seen = new Uint8Array(table.length);
  let id = start;
  while (out.length < wanted) {
    // An open-ended walk (`wanted` infinite) ends at the end marker.
    if (id === END_OF_CHAIN) {
      if (wanted === Number.POSITIVE_INFINITY) break;
      fail(`${what}: chain ends early`);
    }
    if (id >= table.length) fail(`${what}: sector ${id} is outside the table`);
    if (seen[id]) fail(`${what}: the sector chain loops`);
    seen[id] = 1;
    out.push(id);
    id = table[id] ?? FREE_SECTOR;
  }
  return out;
}

function readHeader(bytes: Uint8Array): Layout & { header: DataView } {
  if (!isCompoundFile(bytes)) fail('not a compound file');
  if (bytes.length < 512) fail('header cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(0x1c, true) !== 0xfffe) fail('bad byte order mark');
  const major = view.getUint16(0x1a, true);
  const shift = view.getUint16(0x1e, true);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) fail('unsupported version or sector size');
  if (view.getUint16(0x20, true) !== 6) fail('unsupported mini sector size');
  const sectorSize = 1 << shift;
  // Version 4 pads the 512-byte header to a whole 4096-byte sector.
  const base = sectorSize;
  const sectorCount = Math.ceil(Math.max(0, bytes.length - base) / sectorSize);
  return { view, sectorSize, sectorCount, base, header: view };
}

/** The FAT, gathered from the header's 109 DIFAT entries and the DIFAT sector chain. */
function readFat(layout: Layout, header: DataView): Uint32Array {
  const fatSectors = header.getUint32(0x2c, true);
  const difatCount = header.getUint32(0x48, true);
  if (fatSectors > layout.sectorCount) fail('more FAT sectors than the file holds');
  if (difatCount > layout.sectorCount) fail('more DIFAT sectors than the file holds');
  const ids: number[] = [];
  for (let i = 0; i < Math.min(fatSectors, HEADER_DIFAT_ENTRIES); i += 1)
    ids.push(header.getUint32(0x4c + i * 4, true));
  const perDifat = layout.sectorSize / 4 - 1;
  const seen = new Set<number>();
  let next = header.getUint32(0x44, true);
  for (let n = 0; n < difatCount && ids.length < fatSectors; n += 1) {
    if (seen.has(next)) fail('the DIFAT chain loops');
    seen.add(next);
    const data = new DataView(sector(layout, next).buffer);
    for (let i = 0; i < perDifat && ids.length < fatSectors; i += 1) ids.push(data.getUint32(i * 4, true));
    next = data.getUint32(perDifat * 4, true);
  }
  if (ids.length < fatSectors) fail('the DIFAT lists fewer FAT sectors than declared');
  const entries = layout.sectorSize / 4;
  const fat = new Uint32Array(fatSectors * entries);
  ids.forEach((id, i) => {
    const data = new DataView(sector(layout, id).buffer);
    for (let j = 0; j < entries; j += 1) fat[i * entries + j] = data.getUint32(j * 4, true);
  });
  return fat;
}

function readChain(layout: Layout, fat: Uint32Array, start: number, size: number, what: string): Uint8Array {
  const out = new Uint8Array(size);
  const ids = chain(fat, start, Math.ceil(size / layout.sectorSize), what);
  ids.forEach((id, i) => {
    const data = sector(layout, id);
    out.set(data.subarray(0, Math.min(layout.sectorSize, size - i * layout.sectorSize)), i * layout.sectorSize);
  });
  return out;
}

interface DirEntry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

function dirEntry(dir: Uint8Array, index: number): DirEntry {
  const view = new DataView(dir.buffer, dir.byteOffset + index * DIR_ENTRY_BYTES, DIR_ENTRY_BYTES);
  const nameBytes = Math.min(64, view.getUint16(0x40, true));
  let name = '';
  for (let i = 0; i + 1 < nameBytes - 1; i += 2) name += String.fromCharCode(view.getUint16(i, true));
  return {
    name,
    type: view.getUint8(0x42),
    left: view.getUint32(0x44, true),
    right: view.getUint32(0x48, true),
    child: view.getUint32(0x4c, true),
    start: view.getUint32(0x74, true),
    // The high half of the size is unreliable in version 3 files, and no stream here can be that large.
    size: view.getUint32(0x78, true),
  };
}

/**
 * The first stream of the root storage whose name is one of `names` (case-insensitive, in the order
 * given), or null when there is none. Throws CompoundFileError on a damaged container, or when the
 * stream is over `maxBytes`.
 */
export function readRootStream(bytes: Uint8Array, names: string[], maxBytes: number): Uint8Array | null {
  const layout = readHeader(bytes);
  const { header } = layout;
  const fat = readFat(layout, header);
  const dirIds = chain(fat, header.getUint32(0x30, true), Number.POSITIVE_INFINITY, 'directory');
  // Open-ended: a chain without its end marker is caught by `chain` (a loop, or a pointer outside the table).
  const dir = new Uint8Array(dirIds.length * layout.sectorSize);
  dirIds.forEach((id, i) => {
    dir.set(sector(layout, id), i * layout.sectorSize);
  });
  const count = dir.length / DIR_ENTRY_BYTES;
  const root = dirEntry(dir, 0);
  if (root.type !== TYPE_ROOT) fail('no root entry');

  // The root's children: a tree of siblings (left, right), walked without recursion or revisits.
  const children: DirEntry[] = [];
  const seen = new Uint8Array(count);
  seen[0] = 1;
  const stack = [root.child];
  while (stack.length > 0) {
    const id = stack.pop() ?? NO_STREAM;
    if (id === NO_STREAM) continue;
    if (id >= count) fail('directory entry outside the directory');
    if (seen[id]) fail('the directory tree loops');
    seen[id] = 1;
    const entry = dirEntry(dir, id);
    if (entry.type === TYPE_STREAM || entry.type === TYPE_STORAGE) children.push(entry);
    stack.push(entry.left, entry.right);
  }
  const lower = names.map((n) => n.toLowerCase());
  const found = lower
    .map((n) => children.find((c) => c.type === TYPE_STREAM && c.name.toLowerCase() === n))
    .find((c) => c !== undefined);
  if (!found) return null;
  if (found.size > bytes.length) fail(`stream ${found.name} is larger than the file`);
  if (found.size > maxBytes) throw new CompoundFileError(`stream ${found.name} is over ${maxBytes} bytes`, true);

  const cutoff = header.getUint32(0x38, true);
  if (found.size >= cutoff) return readChain(layout, fat, found.start, found.size, found.name);

  // A small stream lives in 64-byte mini sectors of the mini stream (the root entry's own chain).
  if (root.size > bytes.length) fail('mini stream larger than the file');
  const miniStream = readChain(layout, fat, root.start, root.size, 'mini stream');
  const miniFatSectors = header.getUint32(0x40, true);
  if (miniFatSectors > layout.sectorCount) fail('more mini FAT sectors than the file holds');
  const miniFatBytes = readChain(
    layout,
    fat,
    header.getUint32(0x3c, true),
    miniFatSectors * layout.sectorSize,
    'mini FAT',
  );
  const miniFat = new Uint32Array(miniFatBytes.length / 4);
  const mfView = new DataView(miniFatBytes.buffer);
  for (let i = 0; i < miniFat.length; i += 1) miniFat[i] = mfView.getUint32(i * 4, true);
  const out = new Uint8Array(found.size);
  chain(miniFat, found.start, Math.ceil(found.size / 64), found.name).forEach((id, i) => {
    const at = id * 64;
    const length = Math.min(64, found.size - i * 64);
    if (at + length > miniStream.length) fail(`mini sector ${id} is outside the mini stream`);
    out.set(miniStream.subarray(at, at + length), i * 64);
  });
  return out;
}
