import { describe, expect, it } from 'vitest';
import { duplicateIssues, headerKey, mapHeader, parseRow } from './users-import';
import type { CellValue, SheetRow } from './xlsx-reader';

const text = (t: string): CellValue => ({ kind: 'text', text: t });
const row = (n: number, cells: (CellValue | null)[]): SheetRow => ({
  row: n,
  cells: new Map(cells.flatMap((c, i) => (c ? [[i, c] as [number, CellValue]] : []))),
});
const HEADER = ['email', 'corporate_group', 'license_plate', 'can_charge_work', 'monthly_limit', 'rfid_uuid'];
const header = mapHeader(row(1, HEADER.map(text)), 'uuid');
const ctx = { variant: 'uuid' as const, mandatoryLicensePlate: false, limitUnit: 'kwh' as const };

describe('header', () => {
  it('matches spellings people type', () => {
    expect(['E-mail', ' First Name ', 'license-plate', 'UUID', 'Cost.Center'].map(headerKey)).toEqual([
      'email',
      'first_name',
      'license_plate',
      'rfid_uuid',
      'cost_center',
    ]);
    expect(header.issues).toEqual([]);
  });

  it('needs the header in row 1', () => {
    expect(mapHeader(row(2, [text('email')]), 'standard').issues.map((i) => i.message)).toEqual([
      'importHeaderMissing',
    ]);
    expect(mapHeader(undefined, 'standard').issues).toHaveLength(1);
  });
});

describe('parseRow', () => {
  it('reads a good row: lower-cased e-mail, normalised plate, boolean cells, numeric limits, upper-cased UUID', () => {
    const { row: r, issues } = parseRow(
      row(2, [
        text(' Ada@Example.TEST '),
        text('Sales'),
        text('ab-123-cd'),
        { kind: 'boolean', value: true },
        { kind: 'number', value: 300 },
        text('04a1b2'),
      ]),
      header,
      ctx,
    );
    expect(issues).toEqual([]);
    expect(r).toMatchObject({
      email: 'ada@example.test',
      licensePlate: 'AB-123-CD',
      canChargeWork: true,
      limits: { monthly: 300, daily: null, weekly: null },
      hasLimits: true,
      rfidUuid: '04A1B2',
    });
  });

  it('refuses formulas and error cells per cell, and a date where a limit is expected', () => {
    const { row: r, issues } = parseRow(
      row(3, [
        { kind: 'formula', formula: 'A1&"@x.test"' },
        { kind: 'error', code: '#REF!' },
        null,
        text('oui'),
        { kind: 'date', serial: 46000, iso: '2025-12-09' },
        text('has space'),
      ]),
      header,
      ctx,
    );
    expect(r).toBeNull();
    expect(issues.map((i) => [i.column, i.message, i.value])).toEqual([
      ['email', 'importFormula', '=A1&"@x.test"'],
      ['corporate_group', 'importCellError', '#REF!'],
      ['monthly_limit', 'limitInvalid', '2025-12-09'],
      ['rfid_uuid', 'importUuidInvalid', 'has space'],
    ]);
  });

  it('applies the mandatory plate setting and the decimal dot', () => {
    const { issues } = parseRow(
      row(4, [text('a@x.test'), text('Sales'), null, text('yes'), text('1,5'), text('U1')]),
      header,
      { ...ctx, mandatoryLicensePlate: true },
    );
    expect(issues.map((i) => i.message)).toEqual(['licensePlateRequired', 'decimalDot']);
  });
});

describe('duplicateIssues', () => {
  it('names the first row of a repeated e-mail or UUID', () => {
    const a = parseRow(row(2, [text('a@x.test'), text('S'), null, text('1'), null, text('U1')]), header, ctx).row;
    const b = parseRow(row(5, [text('A@x.test'), text('S'), null, text('1'), null, text('u1')]), header, ctx).row;
    if (!a || !b) throw new Error('rows should parse');
    expect(duplicateIssues([a, b]).map((i) => [i.row, i.column, i.params])).toEqual([
      [5, 'email', { row: 2 }],
      [5, 'rfid_uuid', { row: 2 }],
    ]);
  });
});
