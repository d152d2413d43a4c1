import { describe, expect, it } from 'vitest';
import { buildWorkbook } from '../../tests/support/test-workbook';
import { readCsv } from '../import/csv-reader';
import { readXlsx } from '../import/xlsx-reader';
import { duplicateOcppIds, type ImportedStation, mapStationHeader, parseStationRow } from './station-import';

const LIMITS = { maxRows: 201, maxColumns: 64, maxTextLength: 2000 };
const HEADER = 'template,ocpp_id,name,address,postal_code,city,country,latitude,longitude,type,public_peering';

function parse(csv: string) {
  const rows = readCsv(csv, LIMITS);
  const header = mapStationHeader(rows[0]);
  return { header, results: rows.slice(1).map((r) => parseStationRow(r, header)) };
}
const messages = (r: { issues: { column: string; message: string }[] }) => r.issues.map((i) => [i.column, i.message]);

describe('online-station import rows', () => {
  it('accepts a complete row, with defaults for the optional columns', () => {
    const { header, results } = parse(
      `${HEADER}\nABB Terra,CP-1,Rivoli,Rue de Rivoli,75001,Paris,fr,48.8606,2.3376,,\n`,
    );
    expect(header.issues).toEqual([]);
    expect(results[0]?.issues).toEqual([]);
    expect(results[0]?.station).toMatchObject({
      row: 2,
      template: 'ABB Terra',
      ocppId: 'CP-1',
      country: 'FR',
      latitude: 48.8606,
      longitude: 2.3376,
      type: 'public',
      openToPublic: true,
      publicPeering: false,
      timeZone: 'Europe/Paris',
    });
  });

  it('names each missing mandatory value and a wrong coordinate (spec section 5)', () => {
    const { results } = parse(`${HEADER}\nABB Terra,,,Rue,75001,,FR,,2.3,,\n`);
    expect(messages(results[0] ?? { issues: [] })).toEqual([
      ['name', 'importValueRequired'],
      ['city', 'importValueRequired'],
      ['latitude', 'coordinatesInvalid'],
    ]);
    expect(results[0]?.station).toBeNull();
    const comma = parse(`template;name;address;postal_code;city;country;latitude;longitude\nT;N;A;1;C;FR;"48,8";2.3\n`);
    expect(messages(comma.results[0] ?? { issues: [] })).toEqual([['latitude', 'coordinatesInvalid']]);
    const range = parse(`${HEADER}\nT,,N,A,1,C,FR,91,2,,\n`);
    expect(messages(range.results[0] ?? { issues: [] })).toEqual([['latitude', 'coordinatesInvalid']]);
  });

  it('refuses a public peering on a station that is not public', () => {
    const { results } = parse(`${HEADER}\nT,,N,A,1,C,FR,48.1,2.1,private,yes\nT,,N,A,1,C,FR,48.1,2.1,public,yes\n`);
    expect(messages(results[0] ?? { issues: [] })).toEqual([['public_peering', 'publicPeeringNeedsPublicStation']]);
    expect(results[1]?.issues).toEqual([]);
  });

  it('refuses formulas (CSV injection and workbook formulas), bad OCPP ids, types, zones and dates', () => {
    const { results } = parse(
      'template,ocpp_id,name,address,postal_code,city,country,latitude,longitude,type,time_zone,installation_date\n' +
        'T,CP/1,=HYPERLINK("x"),A,1,@SUM(1),FR,-48.5,2.1,garage,Mars/Base,2026-02-30\n',
    );
    expect(messages(results[0] ?? { issues: [] })).toEqual([
      ['name', 'importFormula'],
      ['city', 'importFormula'],
      ['ocpp_id', 'ocppIdInvalid'],
      ['type', 'stationImportTypeInvalid'],
      ['time_zone', 'stationImportTimeZoneInvalid'],
      ['installation_date', 'stationImportDateInvalid'],
    ]);
    const book = buildWorkbook([
      ['template', 'name', 'address', 'postal_code', 'city', 'country', 'latitude', 'longitude'],
      ['T', { formula: '1+1' }, 'A', '1', 'C', 'FR', 48.1, 2.1],
    ]);
    const rows = readXlsx(book);
    const header = mapStationHeader(rows[0]);
    expect(messages(parseStationRow(rows[1] ?? { row: 2, cells: new Map() }, header))).toEqual([
      ['name', 'importFormula'],
    ]);
  });

  it('reports unknown and missing columns in the header, and OCPP ids used twice', () => {
    expect(
      mapStationHeader(readCsv('template,name,colour\n', LIMITS)[0]).issues.map((i) => [i.column, i.message]),
    ).toEqual([
      ['colour', 'importUnknownColumn'],
      ['address', 'importColumnMissing'],
      ['postal_code', 'importColumnMissing'],
      ['city', 'importColumnMissing'],
      ['country', 'importColumnMissing'],
      ['latitude', 'importColumnMissing'],
      ['longitude', 'importColumnMissing'],
    ]);
    const s = (row: number, ocppId: string | null) => ({ row, ocppId }) as ImportedStation;
    expect(duplicateOcppIds([s(2, 'CP-1'), s(3, null), s(4, 'cp-1')])).toEqual([
      { row: 4, column: 'ocpp_id', value: 'cp-1', message: 'importDuplicateInFile', params: { row: 2 } },
    ]);
  });
});
