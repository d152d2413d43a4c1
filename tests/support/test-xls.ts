/**
 * @module .xls fixtures for tests, written by an independent writer (SheetJS, a devDependency used
 * only here): whole workbooks from rows, and compound files around hand-built BIFF8 record streams
 * for what SheetJS does not write (RK, MULRK, compressed and split strings, formulas, encryption).
 */
import * as XLSX from 'xlsx';

export type XlsCell = string | number | boolean | Date | null;

/** A .xls (BIFF8) workbook whose first sheet holds `rows`; `sst` puts text in the shared-string table. */
export function sheetJsXls(rows: XlsCell[][], opts: { sst?: boolean; sheetName?: string } = {}): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, opts.sheetName ?? 'Users');
  return new Uint8Array(XLSX.write(wb, { bookType: 'xls', type: 'array', bookSST: opts.sst ?? false }));
}

/** The same rows as .xlsx, by the same writer, to compare the two readers. */
export function sheetJsXlsx(rows: XlsCell[][]): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Users');
  return new Uint8Array(XLSX.write(wb, { bookType: 'xlsx', type: 'array' }));
}

/** A compound file holding the given streams at its root (SheetJS's CFB writer). */
export function compoundFile(streams: Record<string, Uint8Array>): Uint8Array {
  const cfb = XLSX.CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(cfb, name, data);
  return new Uint8Array(XLSX.CFB.write(cfb, { type: 'array' }));
}

const le = (n: number, bytes: number) => Array.from({ length: bytes }, (_, i) => (n >>> (8 * i)) & 0xff);
export const u16 = (n: number) => le(n, 2);
export const u32 = (n: number) => le(n, 4);
export const f64 = (n: number) => {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, n, true);
  return [...new Uint8Array(b.buffer)];
};
/** UTF-16LE code units, or Latin-1 bytes when `compressed`. */
export const chars = (s: string, compressed = false) =>
  [...s].flatMap((c) => (compressed ? [c.charCodeAt(0)] : u16(c.charCodeAt(0))));
/** XLUnicodeString: count, flag byte, characters. */
export const xlString = (s: string, compressed = false) => [
  ...u16(s.length),
  compressed ? 0 : 1,
  ...chars(s, compressed),
];

export interface Rec {
  type: number;
  data: number[];
}
export const rec = (type: number, data: number[] = []): Rec => ({ type, data });

const encode = (records: Rec[]) => records.flatMap((r) => [...u16(r.type), ...u16(r.data.length), ...r.data]);

export const BOF_GLOBALS = rec(0x0809, [
  ...u16(0x0600),
  ...u16(0x0005),
  ...u16(0x2775),
  ...u16(0x07cd),
  ...u32(0),
  ...u32(0x0206),
]);
export const BOF_SHEET = rec(0x0809, [
  ...u16(0x0600),
  ...u16(0x0010),
  ...u16(0x2775),
  ...u16(0x07cd),
  ...u32(0),
  ...u32(0x0206),
]);
export const EOF = rec(0x000a);

/**
 * A BIFF8 workbook stream: the globals (BOF, `globals`, one BOUNDSHEET per sheet, EOF) and each
 * sheet (BOF, its records, EOF), with the BOUNDSHEET offsets computed. `sheets[i].type` is the
 * BOUNDSHEET sheet type (0 worksheet, 2 chart).
 */
export function biffStream(globals: Rec[], sheets: { records: Rec[]; type?: number; name?: string }[]): Uint8Array {
  const bodies = sheets.map((s) => encode([BOF_SHEET, ...s.records, EOF]));
  const bound = (offset: number, s: (typeof sheets)[number]) =>
    rec(0x0085, [...u32(offset), 0, s.type ?? 0, (s.name ?? 'Sheet').length, 0, ...chars(s.name ?? 'Sheet', true)]);
  const headLength = encode([BOF_GLOBALS, ...globals, ...sheets.map((s) => bound(0, s)), EOF]).length;
  let offset = headLength;
  const bounds = sheets.map((s, i) => {
    const r = bound(offset, s);
    offset += bodies[i]?.length ?? 0;
    return r;
  });
  const head = encode([BOF_GLOBALS, ...globals, ...bounds, EOF]);
  return new Uint8Array([...head, ...bodies.flat()]);
}

/** A cell record header: row, column, XF index. */
export const cell = (row: number, col: number, xf = 15) => [...u16(row), ...u16(col), ...u16(xf)];
