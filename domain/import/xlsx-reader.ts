/**
 * @module A small, safe .xlsx reader for imports: the first worksheet as rows of typed cells.
 * Shared strings, inline strings, numbers, booleans and dates (serials, recognised by the cell's
 * number format) are read; a formula is never evaluated and its cached value never used: the cell
 * comes back as `formula` so the caller can reject it. Caps: uncompressed size per part and in
 * total (zip bombs), rows, columns and text length. Legacy .xls files have their own reader
 * (xls-reader.ts); spreadsheet.ts picks the reader by the file's signature.
 */
import { isZip, readEntry, ZipError, zipEntries } from './zip';

export type CellValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'date'; serial: number; iso: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'formula'; formula: string }
  | { kind: 'error'; code: string };

export interface SheetRow {
  /** The spreadsheet's 1-based row number. */
  row: number;
  /** Cells by 0-based column index; empty cells are absent. */
  cells: Map<number, CellValue>;
}

export interface ReadLimits {
  /** Uncompressed bytes of one part (sheet, shared strings, styles). */
  maxPartBytes: number;
  /** Uncompressed bytes of all parts read. */
  maxTotalBytes: number;
  /** Rows with data, the header included. */
  maxRows: number;
  /** Columns (A = 1). */
  maxColumns: number;
  /** Characters of one text cell. */
  maxTextLength: number;
}

export const DEFAULT_LIMITS: ReadLimits = {
  maxPartBytes: 16 * 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxRows: 5001,
  maxColumns: 64,
  maxTextLength: 2000,
};

export type ReadFailure =
  | 'encrypted'
  | 'xlsOld'
  | 'notSpreadsheet'
  | 'corrupt'
  | 'tooLarge'
  | 'tooManyRows'
  | 'tooManyColumns';

export class SpreadsheetError extends Error {
  constructor(
    readonly reason: ReadFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

const ENTITY: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text to a string: the five entities, numeric references and OOXML's _xHHHH_ escapes. */
export function decodeXmlText(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) => {
      if (e[0] !== '#') return ENTITY[e] ?? '';
      const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** 'A' → 0, 'Z' → 25, 'AA' → 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** An Excel serial day (1900 system, with its phantom 29 Feb 1900) as an ISO date or date-time. */
export function serialToIso(serial: number): string {
  const days = Math.floor(serial);
  // Serial 60 is the non-existent 1900-02-29; from 61 on, serial n is (n - 1) days after 1899-12-31.
  const epoch = Date.UTC(1899, 11, days >= 61 ? 30 : 31);
  const ms = Math.round((serial - days) * 86_400_000);
  const date = new Date(epoch + days * 86_400_000 + ms);
  const iso = date.toISOString();
  return ms === 0 ? iso.slice(0, 10) : iso.slice(0, 19);
}

export const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Whether a number format code shows a date or time: d, m, y, h or s outside quotes, brackets and escapes. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '')
    .replace(/_.|\*./g, '');
  return /[dmyhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

/** Style index → whether that style is a date format, from xl/styles.xml. */
function dateStyles(xml: string | null): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?numFmt\b[^>]*?numFmtId="(\d+)"[^>]*?formatCode="([^"]*)"/g)) {
    custom.set(Number(m[1]), decodeXmlText(m[2] ?? ''));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  const out: boolean[] = [];
  for (const m of xfs.matchAll(/<(?:\w+:)?xf\b([^>]*)\/?>/g)) {
    const id = Number(/numFmtId="(\d+)"/.exec(m[1] ?? '')?.[1] ?? 0);
    const code = custom.get(id);
    out.push(code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id));
  }
  return out;
}

/** Text of `<t>` runs, phonetic runs (`<rPh>`) left out. */
function runsText(xml: string): string {
  const clean = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
  let text = '';
  for (const m of clean.matchAll(/<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g)) text += m[1] ?? '';
  return decodeXmlText(text);
}

function sharedStrings(xml: string | null): string[] {
  if (!xml) return [];
  const out: string[] = [];
  for (const m of xml.matchAll(/<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g))
    out.push(runsText(m[1] ?? ''));
  return out;
}

/** The first worksheet's part name, from the workbook and its relationships. */
function firstSheetPath(workbook: string | null, rels: string | null): string {
  const rid = workbook ? /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(workbook)?.[1] : undefined;
  if (rid && rels) {
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
      const attrs = m[1] ?? '';
      if (/\bId="([^"]+)"/.exec(attrs)?.[1] !== rid) continue;
      const target = /\bTarget="([^"]+)"/.exec(attrs)?.[1];
      if (!target) break;
      return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

function attr(attrs: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
}

/**
 * Reads the first worksheet. Throws SpreadsheetError with the reason (notSpreadsheet, corrupt,
 * tooLarge, tooManyRows, tooManyColumns). Rows without any cell are skipped.
 */
export function readXlsx(bytes: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS): SheetRow[] {
  if (!isZip(bytes)) throw new SpreadsheetError('notSpreadsheet', 'not an .xlsx file');
  let total = 0;
  let entries: ReturnType<typeof zipEntries>;
  try {
    entries = zipEntries(bytes);
  } catch (err) {
    throw asSpreadsheetError(err);
  }
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const part = (name: string): string | null => {
    const entry = entries.get(name);
    if (!entry) return null;
    try {
      const data = readEntry(bytes, entry, Math.min(limits.maxPartBytes, limits.maxTotalBytes - total));
      total += data.length;
      return decoder.decode(data);
    } catch (err) {
      throw asSpreadsheetError(err);
    }
  };
  const workbook = part('xl/workbook.xml');
  if (workbook === null) throw new SpreadsheetError('notSpreadsheet', 'no workbook part');
  const sheetPath = firstSheetPath(workbook, part('xl/_rels/workbook.xml.rels'));
  const strings = sharedStrings(part('xl/sharedStrings.xml'));
  const dates = dateStyles(part('xl/styles.xml'));
  const sheet = part(sheetPath);
  if (sheet === null) throw new SpreadsheetError('corrupt', 'no worksheet');

  const rows: SheetRow[] = [];
  const data = /<(?:\w+:)?sheetData\b[^>]*?(?:\/>|>([\s\S]*)<\/(?:\w+:)?sheetData>)/.exec(sheet)?.[1] ?? '';
  let implicitRow = 0;
  for (const rm of data.matchAll(/<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g)) {
    const rowNumber = Number(attr(rm[1] ?? '', 'r') ?? implicitRow + 1);
    implicitRow = rowNumber;
    const cells = new Map<number, CellValue>();
    let implicitCol = -1;
    for (const cm of (rm[2] ?? '').matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const attrs = cm[1] ?? '';
      const ref = attr(attrs, 'r');
      const col = ref ? columnIndex(/^[A-Z]+/i.exec(ref)?.[0] ?? 'A') : implicitCol + 1;
      implicitCol = col;
      const inner = cm[2] ?? '';
      if (col + 1 > limits.maxColumns) {
        if (inner.trim() === '') continue;
        throw new SpreadsheetError('tooManyColumns', `more than ${limits.maxColumns} columns`);
      }
      const value = cellValue(attrs, inner, strings, dates);
      if (value === null) continue;
      if (value.kind === 'text' && value.text.length > limits.maxTextLength) {
        value.text = value.text.slice(0, limits.maxTextLength + 1);
      }
      cells.set(col, value);
    }
    if (cells.size === 0) continue;
    rows.push({ row: rowNumber, cells });
    if (rows.length > limits.maxRows) throw new SpreadsheetError('tooManyRows', `more than ${limits.maxRows} rows`);
  }
  return rows;
}

function cellValue(attrs: string, inner: string, strings: string[], dates: boolean[]): CellValue | null {
  const type = attr(attrs, 't') ?? 'n';
  const formula = /<(?:\w+:)?f\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?f>)/.exec(inner);
  if (formula) return { kind: 'formula', formula: decodeXmlText(formula[1] ?? '') };
  const v = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/.exec(inner)?.[1];
  switch (type) {
    case 'inlineStr': {
      const is = /<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/.exec(inner)?.[1];
      return is === undefined ? null : { kind: 'text', text: runsText(is) };
    }
    case 's': {
      if (v === undefined) return null;
      const text = strings[Number(v)];
      return text === undefined ? { kind: 'error', code: '#REF!' } : { kind: 'text', text };
    }
    case 'str':
      return v === undefined ? null : { kind: 'text', text: decodeXmlText(v) };
    case 'b':
      return v === undefined ? null : { kind: 'boolean', value: v.trim() === '1' };
    case 'e':
      return { kind: 'error', code: decodeXmlText(v ?? '#N/A') };
    default: {
      if (v === undefined || v.trim() === '') return null;
      const n = Number(v);
      if (!Number.isFinite(n)) return { kind: 'error', code: '#VALUE!' };
      const style = Number(attr(attrs, 's') ?? 0);
      if (dates[style] && n >= 0 && n < 2_958_466) return { kind: 'date', serial: n, iso: serialToIso(n) };
      return { kind: 'number', value: n };
    }
  }
}

function asSpreadsheetError(err: unknown): SpreadsheetError {
  if (err instanceof SpreadsheetError) return err;
  if (err instanceof ZipError) {
    if (err.reason === 'tooLarge') return new SpreadsheetError('tooLarge', err.message);
    if (err.reason === 'notZip') return new SpreadsheetError('notSpreadsheet', err.message);
    return new SpreadsheetError('corrupt', err.message);
  }
  return new SpreadsheetError('corrupt', String(err));
}
