import { describe, expect, it } from 'vitest';
import { duplicateKeyfobIssues, mapKeyfobHeader, parseExpiry, parseKeyfobRow } from './keyfobs-import';
import type { CellValue, SheetRow } from './xlsx-reader';

const text = (t: string): CellValue => ({ kind: 'text', text: t });
const row = (n: number, cells: (CellValue | null)[]): SheetRow => ({
  row: n,
  cells: new Map(cells.flatMap((c, i) => (c ? [[i, c] as const] : []))),
});

describe('parseExpiry', () => {
  it.each([
    { input: '2030-12-31', expected: '2031-01-01T00:00:00.000Z' },
    { input: '2030-12-31T08:30', expected: '2030-12-31T08:30:00.000Z' },
    { input: '2030-12-31 08:30:15+02:00', expected: '2030-12-31T06:30:15.000Z' },
    { input: '2030-02-30', expected: null },
    { input: '31/12/2030', expected: null },
    { input: 'soon', expected: null },
  ])('$input → $expected', ({ input, expected }) => {
    expect(parseExpiry(input)?.toISOString() ?? null).toBe(expected);
  });
});

describe('parseKeyfobRow', () => {
  const header = mapKeyfobHeader(
    row(1, [text('UUID'), text('Visual code'), text('Type'), text('Group id'), text('Expiry date')]),
  );

  it('maps header aliases and reads a full row, upper-casing the UUID and the group id', () => {
    expect(header.issues).toEqual([]);
    const parsed = parseKeyfobRow(
      row(2, [
        text('04ab'),
        text('V-1'),
        text('Sticker'),
        text('grp'),
        { kind: 'date', serial: 47483, iso: '2029-12-31' },
      ]),
      header,
    );
    expect(parsed).toEqual({
      issues: [],
      row: {
        row: 2,
        uuid: '04AB',
        code: 'V-1',
        type: 'sticker',
        parentIdTag: 'GRP',
        expiresAt: new Date('2030-01-01T00:00:00Z'),
        userEmail: null,
      },
    });
  });

  it('names each wrong cell: missing UUID, formula, unknown type, bad date', () => {
    const parsed = parseKeyfobRow(
      row(3, [null, { kind: 'formula', formula: 'A1' }, text('card'), null, text('tomorrow')]),
      header,
    );
    expect(parsed.row).toBeNull();
    expect(parsed.issues.map((i) => [i.column, i.message])).toEqual([
      ['code', 'importFormula'],
      ['uuid', 'rfidFieldMissing'],
      ['type', 'keyfobImportTypeInvalid'],
      ['expires_at', 'stationImportDateInvalid'],
    ]);
  });

  it('refuses an unknown column and a missing uuid column', () => {
    expect(mapKeyfobHeader(row(1, [text('code'), text('colour')])).issues.map((i) => i.message)).toEqual([
      'importUnknownColumn',
      'importColumnMissing',
    ]);
  });
});

it('finds UUIDs and codes used twice in the file', () => {
  const base = { type: 'rfid' as const, parentIdTag: null, expiresAt: null, userEmail: null };
  const issues = duplicateKeyfobIssues([
    { ...base, row: 2, uuid: 'A', code: 'C1' },
    { ...base, row: 3, uuid: 'A', code: null },
    { ...base, row: 4, uuid: 'B', code: 'C1' },
  ]);
  expect(issues.map((i) => [i.row, i.column, i.params])).toEqual([
    [3, 'uuid', { row: 2 }],
    [4, 'code', { row: 2 }],
  ]);
});
