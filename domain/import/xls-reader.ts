/**
 * @module A small, safe reader of legacy .xls workbooks (BIFF8 in a compound file, Excel 97–2003) for
 * imports: the first worksheet as the same rows of typed cells as the .xlsx reader (ADR 035). Strings
 * (SST with CONTINUE, LABELSST, LABEL), numbers (NUMBER, RK, MULRK), booleans and errors (BOOLERR) and
 * dates (a number whose XF has a date FORMAT); a FORMULA comes back as `formula` without its cached
 * value, its STRING record consumed. Encrypted files (FILEPASS) and BIFF5 or older are refused with
 * their own reason; every length and offset is checked, so a damaged file is an error, not a hang.
 */
import { BiffError, readSst, SegmentReader } from './biff8-strings';
import { CompoundFileError, readRootStream } from './cfb';
import {
  BUILTIN_DATE_FORMATS,
  type CellValue,
  DEFAULT_LIMITS,
  isDateFormat,
  type ReadLimits,
  type SheetRow,
  SpreadsheetError,
  serialToIso,
} from './xlsx-reader';

const REC = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  CODEPAGE: 0x0042,
  DATEMODE: 0x0022,
  FORMAT: 0x041e,
  XF: 0x00e0,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
} as const;
const BIFF8 = 0x0600;
const BOF_GLOBALS = 0x0005;
const BOF_WORKSHEET = 0x0010;
/** BOF record ids of BIFF2, BIFF3 and BIFF4. */
const OLD_BOF = new Set([0x0009, 0x0209, 0x0409]);
const ERRORS: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
};
/** Days between the 1900 and the 1904 date systems' day zero. */
const DAYS_1904 = 1462;

interface BiffRecord {
  type: number;
  /** Offset of the record header in the stream. */
  at: number;
  data: Uint8Array;
}

/** The records from `start`, up to and including the substream's EOF; each length is checked. */
function* records(stream: Uint8Array, start: number): Generator<BiffRecord> {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let at = start;
  while (at + 4 <= stream.length) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (at + 4 + length > stream.length) throw new BiffError(`record 0x${type.toString(16)} runs past the stream`);
    yield { type, at, data: stream.subarray(at + 4, at + 4 + length) };
    if (type === REC.EOF) return;
    at += 4 + length;
  }
  throw new BiffError('no EOF record');
}

const u16 = (d: Uint8Array, at: number) => {
  if (at + 2 > d.length) throw new BiffError('record cut short');
  return (d[at] ?? 0) | ((d[at + 1] ?? 0) << 8);
};
const u32 = (d: Uint8Array, at: number) => (u16(d, at) | (u16(d, at + 2) << 16)) >>> 0;
const f64 = (d: Uint8Array, at: number) => {
  if (at + 8 > d.length) throw new BiffError('record cut short');
  return new DataView(d.buffer, d.byteOffset + at, 8).getFloat64(0, true);
};

/** An RK number: a 30-bit integer or the high bits of a double, possibly divided by 100. */
export function decodeRk(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const buf = new DataView(new ArrayBuffer(8));
    buf.setUint32(4, rk & 0xfffffffc, true);
    value = buf.getFloat64(0, true);
  }
  return rk & 0x01 ? value / 100 : value;
}

/** The CONTINUE payloads that follow the record at `record`. */
function continuations(all: BiffRecord[], index: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = index + 1; all[i]?.type === REC.CONTINUE; i += 1) out.push((all[i] as BiffRecord).data);
  return out;
}

interface Globals {
  strings: string[];
  /** Per XF index: whether its number format shows a date. */
  dateXf: boolean[];
  date1904: boolean;
  sheetOffset: number;
  cp1252: boolean;
}

function checkBof(record: BiffRecord | undefined, kind: number): void {
  if (!record) throw new BiffError('empty workbook stream');
  if (OLD_BOF.has(record.type)) throw new SpreadsheetError('xlsOld', 'BIFF2-4 workbook');
  if (record.type !== REC.BOF) throw new BiffError('the stream does not start with BOF');
  const version = u16(record.data, 0);
  if (version !== BIFF8) throw new SpreadsheetError('xlsOld', `BIFF version 0x${version.toString(16)}`);
  if (u16(record.data, 2) !== kind) throw new BiffError(`unexpected substream type ${u16(record.data, 2)}`);
}

function readGlobals(stream: Uint8Array): Globals {
  const all = [...records(stream, 0)];
  checkBof(all[0], BOF_GLOBALS);
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let cp1252 = false;
  let date1904 = false;
  let sheetOffset = -1;
  let sst = -1;
  all.forEach((r, i) => {
    switch (r.type) {
      case REC.FILEPASS:
        throw new SpreadsheetError('encrypted', 'the workbook is encrypted');
      case REC.CODEPAGE:
        cp1252 = u16(r.data, 0) === 1252;
        break;
      case REC.DATEMODE:
        date1904 = u16(r.data, 0) === 1;
        break;
      case REC.FORMAT:
        formats.set(u16(r.data, 0), new SegmentReader([r.data.subarray(2)]).unicodeString());
        break;
      case REC.XF:
        xfFormats.push(u16(r.data, 2));
        break;
      case REC.BOUNDSHEET:
        // The first worksheet (type 0): not a macro sheet, chart or VB module.
        if (sheetOffset < 0 && r.data.length >= 6 && r.data[5] === 0) sheetOffset = u32(r.data, 0);
        break;
      case REC.SST:
        if (sst < 0) sst = i;
        break;
    }
  });
  if (sheetOffset < 0) throw new BiffError('no worksheet');
  if (sheetOffset >= stream.length) throw new BiffError('worksheet offset outside the stream');
  const sstRecord = all[sst];
  const strings = sstRecord ? readSst([sstRecord.data, ...continuations(all, sst)], cp1252) : [];
  const dateXf = xfFormats.map((id) => {
    const code = formats.get(id);
    return code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id);
  });
  return { strings, dateXf, date1904, sheetOffset, cp1252 };
}

/** A number cell: a date when its XF's format is one. */
function numberCell(value: number, xf: number, g: Globals): CellValue {
  if (!Number.isFinite(value)) return { kind: 'error', code: '#NUM!' };
  const serial = g.date1904 ? value + DAYS_1904 : value;
  if (g.dateXf[xf] && serial >= 0 && serial < 2_958_466) return { kind: 'date', serial, iso: serialToIso(serial) };
  return { kind: 'number', value };
}

/** Cells of one record, as [row, column, value]; null values are empty cells. */
function cellsOf(r: BiffRecord, all: BiffRecord[], i: number, g: Globals): [number, number, CellValue | null][] {
  const d = r.data;
  const row = () => u16(d, 0);
  const col = () => u16(d, 2);
  const xf = () => u16(d, 4);
  switch (r.type) {
    case REC.LABELSST: {
      const text = g.strings[u32(d, 6)];
      return [[row(), col(), text === undefined ? { kind: 'error', code: '#REF!' } : { kind: 'text', text }]];
    }
    case REC.LABEL:
    case REC.RSTRING: {
      const text = new SegmentReader([d.subarray(6), ...continuations(all, i)], g.cp1252).unicodeString();
      return [[row(), col(), { kind: 'text', text }]];
    }
    case REC.NUMBER:
      return [[row(), col(), numberCell(f64(d, 6), xf(), g)]];
    case REC.RK:
      return [[row(), col(), numberCell(decodeRk(u32(d, 6)), xf(), g)]];
    case REC.MULRK: {
      const first = col();
      const count = Math.floor((d.length - 6) / 6);
      if (d.length < 12 || u16(d, d.length - 2) !== first + count - 1)
        throw new BiffError('MULRK columns do not add up');
      const out: [number, number, CellValue | null][] = [];
      for (let k = 0; k < count; k += 1) {
        out.push([row(), first + k, numberCell(decodeRk(u32(d, 6 + k * 6)), u16(d, 4 + k * 6), g)]);
      }
      return out;
    }
    case REC.BOOLERR: {
      if (d.length < 8) throw new BiffError('record cut short');
      const value = d[6] ?? 0;
      if (d[7] === 1) return [[row(), col(), { kind: 'error', code: ERRORS[value] ?? '#N/A' }]];
      return [[row(), col(), { kind: 'boolean', value: value !== 0 }]];
    }
    case REC.FORMULA:
      // Never evaluated, cached value never used (as in .xlsx); a string result's STRING record is skipped.
      if (d.length < 20) throw new BiffError('record cut short');
      return [[row(), col(), { kind: 'formula', formula: '' }]];
    default:
      // BLANK, MULBLANK and everything else (ROW, DIMENSIONS, STRING, SHRFMLA …) hold no value.
      return [];
  }
}

/**
 * Reads the first worksheet of a .xls file. Throws SpreadsheetError with the reason: encrypted,
 * xlsOld, corrupt (a damaged container or workbook), notSpreadsheet (a compound file without a
 * workbook, e.g. a .doc), tooLarge, tooManyRows, tooManyColumns. Rows without any cell are skipped.
 */
export function readXls(bytes: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS): SheetRow[] {
  try {
    const stream = readRootStream(bytes, ['Workbook', 'Book'], limits.maxPartBytes);
    if (!stream) throw new SpreadsheetError('notSpreadsheet', 'no workbook stream');
    const globals = readGlobals(stream);
    const sheet = [...records(stream, globals.sheetOffset)];
    checkBof(sheet[0], BOF_WORKSHEET);
    const rows = new Map<number, Map<number, CellValue>>();
    sheet.forEach((r, i) => {
      for (const [row, col, value] of cellsOf(r, sheet, i, globals)) {
        if (value === null) continue;
        if (col + 1 > limits.maxColumns) {
          throw new SpreadsheetError('tooManyColumns', `more than ${limits.maxColumns} columns`);
        }
        if (value.kind === 'text' && value.text.length > limits.maxTextLength) {
          value.text = value.text.slice(0, limits.maxTextLength + 1);
        }
        let cells = rows.get(row);
        if (!cells) {
          cells = new Map();
          rows.set(row, cells);
          if (rows.size > limits.maxRows) throw new SpreadsheetError('tooManyRows', `more than ${limits.maxRows} rows`);
        }
        cells.set(col, value);
      }
    });
    return [...rows]
      .sort(([a], [b]) => a - b)
      .map(([row, cells]) => ({ row: row + 1, cells: new Map([...cells].sort(([a], [b]) => a - b)) }));
  } catch (err) {
    if (err instanceof SpreadsheetError) throw err;
    if (err instanceof CompoundFileError)
      throw new SpreadsheetError(err.tooLarge ? 'tooLarge' : 'corrupt', err.message);
    if (err instanceof BiffError) throw new SpreadsheetError('corrupt', err.message);
    throw err;
  }
}
