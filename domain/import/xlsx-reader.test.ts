import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, failureOf } from '../../tests/support/test-workbook';
import { xlsxStream } from '../export/xlsx';
import { readSpreadsheet } from './spreadsheet';
import { DEFAULT_LIMITS, isDateFormat, readXlsx, serialToIso } from './xlsx-reader';
import { zipEntries } from './zip';

const texts = (bytes: Uint8Array) =>
  readXlsx(bytes).map((r) => [r.row, [...r.cells].map(([c, v]) => [c, v.kind === 'text' ? v.text : v])]);

const failure = failureOf;

describe('readXlsx: good files', () => {
  it('reads shared strings, inline strings, numbers and booleans at their columns, skipping empty rows', () => {
    const bytes = buildWorkbook([
      ['email', 'name', 'limit', 'flag'],
      ['a@x.test', { shared: 'Zoë & <Co>' }, 12.5, true],
      [],
      ['b@x.test', null, 0, false],
    ]);
    const rows = readXlsx(bytes);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 4]);
    expect(rows[1]?.cells.get(0)).toEqual({ kind: 'text', text: 'a@x.test' });
    expect(rows[1]?.cells.get(1)).toEqual({ kind: 'text', text: 'Zoë & <Co>' });
    expect(rows[1]?.cells.get(2)).toEqual({ kind: 'number', value: 12.5 });
    expect(rows[1]?.cells.get(3)).toEqual({ kind: 'boolean', value: true });
    expect(rows[2]?.cells.has(1)).toBe(false);
    expect(rows[2]?.cells.get(3)).toEqual({ kind: 'boolean', value: false });
  });

  it("reads what the product's own XLSX writer produces (inline strings, default sheet path)", async () => {
    const stream = xlsxStream([{ header: 'email' }, { header: 'n' }], [['=1+2', 3]]);
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect(texts(bytes)).toEqual([
      [
        1,
        [
          [0, 'email'],
          [1, 'n'],
        ],
      ],
      [
        2,
        [
          [0, "'=1+2"],
          [1, { kind: 'number', value: 3 }],
        ],
      ],
    ]);
  });

  it('reads dates as serials with their ISO day, recognising built-in and custom date formats', () => {
    const rows = readXlsx(buildWorkbook([['d'], [{ date: 46000 }], [{ date: 45000.5 }], [{ date: 59 }]]));
    expect(rows[1]?.cells.get(0)).toEqual({ kind: 'date', serial: 46000, iso: '2025-12-09' });
    expect(rows[2]?.cells.get(0)).toEqual({ kind: 'date', serial: 45000.5, iso: '2023-03-15T12:00:00' });
    expect(rows[3]?.cells.get(0)).toEqual({ kind: 'date', serial: 59, iso: '1900-02-28' });
    expect(serialToIso(61)).toBe('1900-03-01');
    expect(isDateFormat('yyyy\\-mm\\-dd hh:mm')).toBe(true);
    expect(isDateFormat('0.00')).toBe(false);
    expect(isDateFormat('"days"0')).toBe(false);
    expect(isDateFormat('[Red]#,##0')).toBe(false);
  });

  it('returns formulas as formulas and never their cached values', () => {
    const rows = readXlsx(buildWorkbook([['a'], [{ formula: 'HYPERLINK("http://evil","x")', cached: 'x' }]]));
    expect(rows[1]?.cells.get(0)).toEqual({ kind: 'formula', formula: 'HYPERLINK("http://evil","x")' });
  });

  it('keeps text that looks like a formula as plain text', () => {
    const rows = readXlsx(buildWorkbook([['a'], ['=cmd|/c calc!A1'], ['@SUM(A1)'], ['+33 6 12']]));
    expect(rows.slice(1).map((r) => r.cells.get(0))).toEqual([
      { kind: 'text', text: '=cmd|/c calc!A1' },
      { kind: 'text', text: '@SUM(A1)' },
      { kind: 'text', text: '+33 6 12' },
    ]);
  });
});

describe('readXlsx: bad and malicious files', () => {
  it('sends a legacy .xls (compound file) to the .xls reader: an empty container is damaged, not .xlsx', () => {
    const xls = new Uint8Array(512);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(failure(() => readXlsx(xls))).toBe('notSpreadsheet');
    expect(failure(() => readSpreadsheet(xls, DEFAULT_LIMITS))).toBe('corrupt');
  });

  it('refuses text, a truncated zip and a zip without a workbook', () => {
    expect(failure(() => readXlsx(strToU8('email,name\na@x.test,A')))).toBe('notSpreadsheet');
    const good = buildWorkbook([['a'], ['b']]);
    expect(failure(() => readXlsx(good.subarray(0, good.length - 40)))).toBe('corrupt');
    expect(failure(() => readXlsx(zipSync({ 'hello.txt': strToU8('hi') })))).toBe('notSpreadsheet');
  });

  it('refuses a damaged deflate stream', () => {
    const bytes = buildWorkbook([['a'], ['b']]);
    const broken = bytes.slice();
    // Garble the compressed data of the worksheet (right after its local header and name).
    const sheet = zipEntries(bytes).get('xl/worksheets/data.xml');
    const start = (sheet?.localHeaderOffset ?? 0) + 30 + 'xl/worksheets/data.xml'.length;
    for (let i = start; i < start + 8; i++) broken[i] = 0xff;
    expect(failure(() => readXlsx(broken))).toBe('corrupt');
  });

  it('stops a zip bomb at the uncompressed cap instead of inflating it', () => {
    const padding = strToU8(`<worksheet><sheetData>${' '.repeat(8 * 1024 * 1024)}</sheetData></worksheet>`);
    const bomb = buildWorkbook([['a']], { 'xl/worksheets/data.xml': padding });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(failure(() => readXlsx(bomb, { ...DEFAULT_LIMITS, maxPartBytes: 1024 * 1024 }))).toBe('tooLarge');
    expect(failure(() => readXlsx(bomb, { ...DEFAULT_LIMITS, maxTotalBytes: 2 * 1024 * 1024 }))).toBe('tooLarge');
  });

  it('refuses more rows or columns than allowed', () => {
    const many = buildWorkbook(Array.from({ length: 30 }, (_, i) => [`r${i}`]));
    expect(failure(() => readXlsx(many, { ...DEFAULT_LIMITS, maxRows: 20 }))).toBe('tooManyRows');
    const wide = buildWorkbook([Array.from({ length: 10 }, (_, i) => `c${i}`)]);
    expect(failure(() => readXlsx(wide, { ...DEFAULT_LIMITS, maxColumns: 5 }))).toBe('tooManyColumns');
  });

  it('cuts a huge text cell to just over the cap so the caller reports it as too long', () => {
    const rows = readXlsx(buildWorkbook([['a'], ['x'.repeat(5000)]]), { ...DEFAULT_LIMITS, maxTextLength: 100 });
    const cell = rows[1]?.cells.get(0);
    expect(cell?.kind === 'text' && cell.text.length).toBe(101);
  });
});
