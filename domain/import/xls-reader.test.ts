import { describe, expect, it } from 'vitest';
import { failureOf } from '../../tests/support/test-workbook';
import {
  BOF_SHEET,
  biffStream,
  cell,
  chars,
  compoundFile,
  EOF,
  f64,
  type Rec,
  rec,
  sheetJsXls,
  sheetJsXlsx,
  u16,
  u32,
  xlString,
} from '../../tests/support/test-xls';
import { readRootStream } from './cfb';
import { readSpreadsheet } from './spreadsheet';
import { decodeRk, readXls } from './xls-reader';
import { type CellValue, DEFAULT_LIMITS, readXlsx, SpreadsheetError } from './xlsx-reader';

const plain = (v: CellValue) => (v.kind === 'text' ? v.text : v.kind === 'number' ? v.value : v);
const table = (rows: ReturnType<typeof readXls>) =>
  rows.map((r) => [r.row, [...r.cells].map(([c, v]) => [c, plain(v)])]);

const failure = failureOf;

const book = (sheet: Rec[], globals: Rec[] = []) =>
  compoundFile({ Workbook: biffStream(globals, [{ records: sheet }]) });

describe('readXls: files written by SheetJS', () => {
  const rows = [
    ['email', 'name', 'limit', 'work', 'since'],
    ['zoe@x.test', 'Zoë Ünïcødé € 漢字', 12.5, true, new Date(Date.UTC(2026, 0, 31))],
    [],
    ['b@x.test', null, 0, false, null],
    ['c@x.test', 'Ça va', -3, null, new Date(Date.UTC(1999, 11, 31))],
  ];

  it.each([{ sst: false }, { sst: true }])('reads text, numbers, booleans, dates and gaps (sst: $sst)', ({ sst }) => {
    expect(table(readXls(sheetJsXls(rows, { sst })))).toEqual([
      [
        1,
        [
          [0, 'email'],
          [1, 'name'],
          [2, 'limit'],
          [3, 'work'],
          [4, 'since'],
        ],
      ],
      [
        2,
        [
          [0, 'zoe@x.test'],
          [1, 'Zoë Ünïcødé € 漢字'],
          [2, 12.5],
          [3, { kind: 'boolean', value: true }],
          [4, { kind: 'date', serial: 46053, iso: '2026-01-31' }],
        ],
      ],
      [
        4,
        [
          [0, 'b@x.test'],
          [2, 0],
          [3, { kind: 'boolean', value: false }],
        ],
      ],
      [
        5,
        [
          [0, 'c@x.test'],
          [1, 'Ça va'],
          [2, -3],
          [4, { kind: 'date', serial: 36525, iso: '1999-12-31' }],
        ],
      ],
    ]);
  });

  it('gives the same rows as the .xlsx reader on the same data written as .xlsx', () => {
    const data = [
      ['email', 'n', 'flag'],
      ...Array.from({ length: 50 }, (_, i) => [`u${i}@x.test`, i / 4, i % 2 === 0]),
    ];
    expect(table(readXls(sheetJsXls(data, { sst: true })))).toEqual(table(readXlsx(sheetJsXlsx(data))));
  });

  it('reads 1,000 rows whose shared strings run over several CONTINUE records (regular FAT, not the mini stream)', () => {
    const data = [
      ['email', 'note', 'n'],
      ...Array.from({ length: 1000 }, (_, i) => [`driver${i}@fleet.test`, `Véhicule n° ${i} — é`, i * 1.5]),
    ];
    const file = sheetJsXls(data, { sst: true });
    const stream = readRootStream(file, ['Workbook'], 1 << 24) as Uint8Array;
    expect(stream.length).toBeGreaterThan(4096);
    let continues = 0;
    for (let at = 0; at + 4 <= stream.length; at += 4 + (stream[at + 2] ?? 0) + ((stream[at + 3] ?? 0) << 8)) {
      if (stream[at] === 0x3c && stream[at + 1] === 0) continues += 1;
    }
    expect(continues).toBeGreaterThan(2);
    const read = readXls(file);
    expect(read).toHaveLength(1001);
    expect(table([read[1000] as (typeof read)[number]])).toEqual([
      [
        1001,
        [
          [0, 'driver999@fleet.test'],
          [1, 'Véhicule n° 999 — é'],
          [2, 1498.5],
        ],
      ],
    ]);
  });

  it('is chosen for compound files by readSpreadsheet, the .xlsx reader for ZIPs', () => {
    const data = [['a'], ['b']];
    expect(table(readSpreadsheet(sheetJsXls(data), DEFAULT_LIMITS))).toEqual(
      table(readSpreadsheet(sheetJsXlsx(data), DEFAULT_LIMITS)),
    );
  });
});

describe('readXls: hand-built BIFF8 records', () => {
  it('decodes RK numbers: integers, hundredths, truncated doubles, negatives', () => {
    expect(decodeRk((1234 << 2) | 2)).toBe(1234);
    expect(decodeRk((1234 << 2) | 3)).toBe(12.34);
    expect(decodeRk(0x3ff80000)).toBe(1.5);
    expect(decodeRk(0x3ff80001)).toBe(0.015);
    expect(decodeRk(((-7 << 2) | 2) >>> 0)).toBe(-7);
  });

  it('reads RK, MULRK, NUMBER, LABEL (compressed and not), BOOLERR errors, and skips BLANK and MULBLANK', () => {
    const rows = readXls(
      book([
        rec(0x0204, [...cell(0, 0), ...xlString('plain', true)]),
        rec(0x0204, [...cell(0, 1), ...xlString('wide ✓')]),
        rec(0x027e, [...cell(1, 0), ...u32((42 << 2) | 2)]),
        rec(0x00bd, [
          ...u16(1),
          ...u16(1),
          ...u16(15),
          ...u32((5 << 2) | 3),
          ...u16(15),
          ...u32(0x3ff80000),
          ...u16(2),
        ]),
        rec(0x0203, [...cell(1, 3), ...f64(-0.125)]),
        rec(0x0205, [...cell(2, 0), 0x07, 1]),
        rec(0x0205, [...cell(2, 1), 1, 0]),
        rec(0x0201, cell(3, 0)),
        rec(0x00be, [...u16(3), ...u16(1), ...u16(15), ...u16(15), ...u16(2)]),
      ]),
    );
    expect(table(rows)).toEqual([
      [
        1,
        [
          [0, 'plain'],
          [1, 'wide ✓'],
        ],
      ],
      [
        2,
        [
          [0, 42],
          [1, 0.05],
          [2, 1.5],
          [3, -0.125],
        ],
      ],
      [
        3,
        [
          [0, { kind: 'error', code: '#DIV/0!' }],
          [1, { kind: 'boolean', value: true }],
        ],
      ],
    ]);
  });

  it('reports a FORMULA as a formula cell, never its cached string, and does not take the STRING record as a cell', () => {
    const formula = [...cell(0, 0), 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...u16(0), ...u32(0), ...u16(3), 0x1e, 0x01, 0x00];
    const rows = readXls(
      book([
        rec(0x0006, formula),
        rec(0x0207, xlString('=HYPERLINK("http://evil")')),
        rec(0x0204, [...cell(0, 1), ...xlString('next', true)]),
      ]),
    );
    expect(table(rows)).toEqual([
      [
        1,
        [
          [0, { kind: 'formula', formula: '' }],
          [1, 'next'],
        ],
      ],
    ]);
  });

  it('reads SST strings split across CONTINUE records: flag changes, rich-text runs and extended data cut in two', () => {
    const long = 'é'.repeat(5000);
    const sst = [
      ...u32(5),
      ...u32(5),
      ...[...u16(3), 0x00, ...chars('Zoë', true)],
      ...[...u16(5000), 0x01, ...chars(long.slice(0, 4000))],
    ];
    const cont1 = [0x00, ...chars(long.slice(4000), true), ...u16(4), 0x09, ...u16(2), ...chars('Ünï€'), 1, 2, 3];
    const cont2 = [
      4,
      5,
      6,
      7,
      8,
      ...u16(3),
      0x04,
      ...u32(6),
      ...chars('abc', true),
      9,
      9,
      9,
      9,
      9,
      9,
      ...u16(4),
      0x00,
      ...chars('te', true),
    ];
    const cont3 = [0x01, ...chars('st')];
    expect(sst.length).toBeLessThanOrEqual(8224);
    const globals = [rec(0x00fc, sst), rec(0x003c, cont1), rec(0x003c, cont2), rec(0x003c, cont3)];
    const labels = [0, 1, 2, 3, 4].map((i) => rec(0x00fd, [...cell(i, 0), ...u32(i)]));
    const rows = readXls(book(labels, globals), { ...DEFAULT_LIMITS, maxTextLength: 10_000 });
    expect(rows.map((r) => plain(r.cells.get(0) as CellValue))).toEqual(['Zoë', long, 'Ünï€', 'abc', 'test']);
  });

  it('reads one string of over 8,224 bytes spread over three records, and cuts it at the text limit', () => {
    const text = 'x'.repeat(4100) + 'y'.repeat(4100) + 'z'.repeat(800);
    const globals = [
      rec(0x00fc, [...u32(1), ...u32(1), ...u16(9000), 0x01, ...chars(text.slice(0, 4100))]),
      rec(0x003c, [0x01, ...chars(text.slice(4100, 8200))]),
      rec(0x003c, [0x01, ...chars(text.slice(8200))]),
    ];
    const file = book([rec(0x00fd, [...cell(0, 0), ...u32(0)])], globals);
    expect(plain(readXls(file, { ...DEFAULT_LIMITS, maxTextLength: 10_000 })[0]?.cells.get(0) as CellValue)).toBe(text);
    expect(plain(readXls(file)[0]?.cells.get(0) as CellValue)).toHaveLength(DEFAULT_LIMITS.maxTextLength + 1);
  });

  it('recognises dates by the XF number format (built-in, custom FORMAT), and the 1904 date system', () => {
    const styleXf = (fmt: number) => rec(0x00e0, [...u16(0), ...u16(fmt), ...new Array(16).fill(0)]);
    const xfs = [...Array.from({ length: 16 }, () => styleXf(0)), styleXf(164), styleXf(14), styleXf(165), styleXf(2)];
    const formats = [
      rec(0x041e, [...u16(164), ...xlString('yyyy\\-mm\\-dd hh:mm')]),
      rec(0x041e, [...u16(165), ...xlString('0.00 "days"')]),
    ];
    const sheet = [16, 17, 18, 19, 0].map((xf, i) => rec(0x0203, [...cell(i, 0, xf), ...f64(46053.5)]));
    expect(readXls(book(sheet, [...formats, ...xfs])).map((r) => r.cells.get(0))).toEqual([
      { kind: 'date', serial: 46053.5, iso: '2026-01-31T12:00:00' },
      { kind: 'date', serial: 46053.5, iso: '2026-01-31T12:00:00' },
      { kind: 'number', value: 46053.5 },
      { kind: 'number', value: 46053.5 },
      { kind: 'number', value: 46053.5 },
    ]);
    const in1904 = readXls(book([rec(0x027e, [...cell(0, 0, 17), ...u32(2)])], [rec(0x0022, u16(1)), ...xfs]));
    expect(in1904[0]?.cells.get(0)).toEqual({ kind: 'date', serial: 1462, iso: '1904-01-01' });
  });

  it('reads compressed text with CODEPAGE 1252 as Windows-1252, and as Latin-1 otherwise', () => {
    const sheet = [rec(0x0204, [...cell(0, 0), ...u16(2), 0, 0x80, 0xe9])];
    expect(plain(readXls(book(sheet, [rec(0x0042, u16(1252))]))[0]?.cells.get(0) as CellValue)).toBe('€é');
    expect(plain(readXls(book(sheet, [rec(0x0042, u16(1200))]))[0]?.cells.get(0) as CellValue)).toBe('\u0080é');
  });

  it('takes the first worksheet, past a chart sheet', () => {
    const stream = biffStream(
      [],
      [
        { records: [rec(0x0204, [...cell(0, 0), ...xlString('chart', true)])], type: 2 },
        { records: [rec(0x0204, [...cell(0, 0), ...xlString('first sheet', true)])] },
        { records: [rec(0x0204, [...cell(0, 0), ...xlString('second sheet', true)])] },
      ],
    );
    expect(table(readXls(compoundFile({ Workbook: stream })))).toEqual([[1, [[0, 'first sheet']]]]);
  });

  it('refuses encrypted workbooks and BIFF5 or older with their own reasons', () => {
    expect(failure(() => readXls(book([], [rec(0x002f, [...u16(1), ...new Array(52).fill(0)])])))).toBe('encrypted');
    const biff5 = new Uint8Array([
      ...u16(0x0809),
      ...u16(8),
      ...u16(0x0500),
      ...u16(5),
      0,
      0,
      0,
      0,
      ...u16(0x000a),
      0,
      0,
    ]);
    expect(failure(() => readXls(compoundFile({ Book: biff5 })))).toBe('xlsOld');
    const biff4 = new Uint8Array([...u16(0x0409), ...u16(6), ...u16(0), ...u16(0x10), 0, 0, ...u16(0x000a), 0, 0]);
    expect(failure(() => readXls(compoundFile({ Book: biff4 })))).toBe('xlsOld');
  });

  it('enforces the row, column and size limits', () => {
    const many = book(Array.from({ length: 30 }, (_, i) => rec(0x027e, [...cell(i, 0), ...u32(6)])));
    expect(failure(() => readXls(many, { ...DEFAULT_LIMITS, maxRows: 20 }))).toBe('tooManyRows');
    const wide = book([rec(0x027e, [...cell(0, 70), ...u32(6)])]);
    expect(failure(() => readXls(wide))).toBe('tooManyColumns');
    expect(failure(() => readXls(sheetJsXls([['a'], ['b']]), { ...DEFAULT_LIMITS, maxPartBytes: 100 }))).toBe(
      'tooLarge',
    );
  });
});

/** Header and directory facts of a compound file, to damage it on purpose. */
function layout(file: Uint8Array) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const sector = (id: number) => 512 * (id + 1);
  const dirAt = sector(view.getUint32(0x30, true));
  let workbook = -1;
  for (let i = 0; i < 4; i += 1) {
    const name = String.fromCharCode(
      ...Array.from({ length: 8 }, (_, k) => view.getUint16(dirAt + i * 128 + k * 2, true)),
    );
    if (name === 'Workbook') workbook = dirAt + i * 128;
  }
  return {
    view,
    fatAt: sector(view.getUint32(0x4c, true)),
    miniFatAt: sector(view.getUint32(0x3c, true)),
    dirAt,
    workbookEntry: workbook,
    workbookStart: view.getUint32(workbook + 0x74, true),
  };
}

describe('readXls: damaged and malicious files end in a clear error', () => {
  const big = sheetJsXls([['h'], ...Array.from({ length: 400 }, (_, i) => [`row ${i}`])]);
  const small = sheetJsXls([['h'], ['v']]);
  const damaged = (file: Uint8Array, change: (l: ReturnType<typeof layout>) => void) => {
    const copy = file.slice();
    change(layout(copy));
    return copy;
  };

  it('has the two layouts the cases below assume', () => {
    expect(readRootStream(big, ['Workbook'], 1 << 24)?.length).toBeGreaterThanOrEqual(4096);
    expect(readRootStream(small, ['Workbook'], 1 << 24)?.length).toBeLessThan(4096);
  });

  it.each([
    ['a truncated file', () => big.subarray(0, big.length / 2)],
    ['a header cut short', () => big.subarray(0, 300)],
    [
      'a FAT chain that loops',
      () => damaged(big, (l) => l.view.setUint32(l.fatAt + 4 * l.workbookStart, l.workbookStart, true)),
    ],
    [
      'a FAT pointer outside the file',
      () => damaged(big, (l) => l.view.setUint32(l.fatAt + 4 * l.workbookStart, 0x00ffffff, true)),
    ],
    [
      'a free sector inside a chain',
      () => damaged(big, (l) => l.view.setUint32(l.fatAt + 4 * l.workbookStart, 0xffffffff, true)),
    ],
    [
      'a mini-FAT chain that loops',
      () => damaged(small, (l) => l.view.setUint32(l.miniFatAt + 4 * l.workbookStart, l.workbookStart, true)),
    ],
    ['a directory tree back to the root', () => damaged(small, (l) => l.view.setUint32(l.dirAt + 0x4c, 0, true))],
    [
      'a directory tree that loops',
      () =>
        damaged(small, (l) => {
          const child = l.view.getUint32(l.dirAt + 0x4c, true);
          l.view.setUint32(l.dirAt + child * 128 + 0x44, child, true);
        }),
    ],
    [
      'a stream larger than the file',
      () => damaged(big, (l) => l.view.setUint32(l.workbookEntry + 0x78, 0x7fffffff, true)),
    ],
    ['more FAT sectors than the file holds', () => damaged(big, (l) => l.view.setUint32(0x2c, 0x00ffffff, true))],
    [
      'a DIFAT chain that loops',
      () =>
        damaged(big, (l) => {
          l.view.setUint32(0x2c, 200, true);
          l.view.setUint32(0x48, 3, true);
          l.view.setUint32(0x44, 1, true);
        }),
    ],
    ['a bad sector size', () => damaged(big, (l) => l.view.setUint16(0x1e, 20, true))],
    ['a record running past the stream', () => book([rec(0x0204, [...cell(0, 0), ...u16(500), 0, 65])])],
    [
      'an SST that lies about its count',
      () => book([], [rec(0x00fc, [...u32(1_000_000_000), ...u32(1_000_000_000), ...xlString('a')])]),
    ],
    [
      'a sheet offset outside the stream',
      () => compoundFile({ Workbook: biffStream([], [{ records: [] }]).subarray(0, 60) }),
    ],
    [
      'a MULRK whose columns do not add up',
      () => book([rec(0x00bd, [...u16(0), ...u16(0), ...u16(15), ...u32(2), ...u16(9)])]),
    ],
    [
      'a sheet without its BOF',
      () =>
        compoundFile({
          Workbook: biffStream([], [{ records: [] }]).map((b, i, all) => (i === all.length - 24 ? 0 : b)),
        }),
    ],
    [
      'a stream without EOF',
      () => {
        const stream = biffStream([], [{ records: [rec(0x0204, [...cell(0, 0), ...xlString('a', true)])] }]);
        return compoundFile({ Workbook: stream.subarray(0, stream.length - 4) });
      },
    ],
  ])('%s', (_name, make) => {
    expect(failure(() => readXls(make()))).toBe('corrupt');
  });

  it('says a compound file without a workbook stream (a .doc) is not a spreadsheet', () => {
    expect(failure(() => readXls(compoundFile({ WordDocument: new Uint8Array(100) })))).toBe('notSpreadsheet');
  });

  it('never fails other than with a SpreadsheetError on randomly damaged files', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const reasons = new Set<string>();
    for (const base of [small, big]) {
      for (let n = 0; n < 150; n += 1) {
        const copy = base.slice();
        for (let k = 0; k < 1 + Math.floor(random() * 8); k += 1)
          copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
        try {
          readXls(copy);
          reasons.add('read');
        } catch (err) {
          expect(err).toBeInstanceOf(SpreadsheetError);
          reasons.add((err as SpreadsheetError).reason);
        }
      }
    }
    expect(reasons.has('corrupt')).toBe(true);
  });
});

// The record helpers above, kept honest: a sheet BOF and EOF are what biffStream wraps each sheet in.
it('test helpers: biffStream wraps sheets in BOF and EOF', () => {
  const stream = biffStream([], [{ records: [] }]);
  expect([...stream.subarray(stream.length - 4 - 4 - 16, stream.length - 4 - 16)]).toEqual([
    ...u16(BOF_SHEET.type),
    ...u16(16),
  ]);
  expect([...stream.subarray(stream.length - 4)]).toEqual([...u16(EOF.type), 0, 0]);
});
