import { strFromU8, unzipSync, ZipDeflate } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { type Cell, columnLetter, csvField, csvStream, neutraliseFormula, xlsxStream } from './index';

const bytes = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());

describe('neutraliseFormula', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (input, out) => expect(neutraliseFormula(input)).toBe(out));
});

describe('columnLetter', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('%i → %s', (i, l) => expect(columnLetter(i)).toBe(l));
});

describe('csv', () => {
  it('quotes separators, quotes and line breaks, neutralises formulas, leaves numbers alone', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('a,b', ';')).toBe('a,b');
  });

  it('streams a header, a BOM and every row', async () => {
    const rows: Cell[][] = Array.from({ length: 1234 }, (_, i) => [i, `n${i}`, i % 2 ? null : '@x']);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await bytes(csvStream([{ header: 'id' }, { header: 'name' }, { header: 'x' }], rows, { chunkRows: 100 })),
    );
    expect(text.startsWith("\uFEFFid,name,x\r\n0,n0,'@x\r\n1,n1,\r\n")).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(1235);
  });

  it('pulls rows only as the reader asks (bounded memory)', async () => {
    let produced = 0;
    function* gen() {
      for (let i = 0; i < 100_000; i++) {
        produced++;
        yield [i];
      }
    }
    const reader = csvStream([{ header: 'n' }], gen(), { chunkRows: 50 }).getReader();
    await reader.read();
    expect(produced).toBeLessThanOrEqual(200);
    await reader.cancel();
  });
});

describe('xlsx', () => {
  it('writes a valid package whose sheet holds header, strings, numbers and neutralised formulas', async () => {
    async function* rows(): AsyncGenerator<Cell[]> {
      yield ['Zürich & <Co>', 12.5, '=1+1', true];
      yield [null, 0, 'ok\u0001', false];
    }
    const zip = unzipSync(
      await bytes(
        xlsxStream(
          [{ header: 'Station' }, { header: 'kWh', format: 'decimal3' }, { header: 'Note' }, { header: 'Flag' }],
          rows(),
          { sheetName: 'Sessions: all' },
        ),
      ),
    );
    expect(Object.keys(zip).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(zip['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">Station</t></is></c>');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">Zürich &amp; &lt;Co&gt;</t></is></c>');
    expect(sheet).toContain('<c r="B2" s="4"><v>12.5</v></c>');
    expect(sheet).toContain(`<c r="C2" t="inlineStr"><is><t xml:space="preserve">'=1+1</t></is></c>`);
    expect(sheet).toContain('<c r="D2" t="b"><v>1</v></c>');
    expect(sheet).toContain(
      '<row r="3"><c r="B3" s="4"><v>0</v></c><c r="C3" t="inlineStr"><is><t xml:space="preserve">ok</t></is></c>',
    );
    expect(sheet).not.toContain('<f>');
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
    expect(strFromU8(zip['xl/workbook.xml'] as Uint8Array)).toContain('name="Sessions  all"');
  });

  it('streams 100,000 rows in chunks', async () => {
    function* gen() {
      for (let i = 0; i < 100_000; i++) yield [i, `row ${i}`];
    }
    const zip = unzipSync(await bytes(xlsxStream([{ header: 'n' }, { header: 's' }], gen(), { level: 1 })));
    const sheet = strFromU8(zip['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(sheet).toContain('<row r="100001"><c r="A100001"><v>99999</v></c>');
    expect(sheet.match(/<row /g)).toHaveLength(100_001);
    // A shared 2-core machine can take longer than vitest's default 5 s; the outcome is what is asserted.
  }, 120_000);

  it('deflates the sheet in slices of at most 64 KiB, the rows and their characters intact (issue 24 section 7)', async () => {
    // A whole chunk pushed at once (500 wide rows, about a megabyte) grew fflate's window for good and
    // made each of its output arrays as large: a 100,000-row export peaked at 264–283 MB RSS in garbage.
    const push = vi.spyOn(ZipDeflate.prototype, 'push');
    const wide = (i: number): Cell[] =>
      Array.from({ length: 40 }, (_, c) => (c % 2 ? i * 40 + c : `${i} Zone Industrielle – Parking ${c} Nord`));
    function* gen() {
      for (let i = 0; i < 3_000; i++) yield wide(i);
    }
    const columns = Array.from({ length: 40 }, (_, c) => ({ header: `h${c}` }));
    try {
      const zip = unzipSync(await bytes(xlsxStream(columns, gen(), { level: 1 })));
      const sizes = push.mock.calls.map(([chunk]) => chunk.length);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(64 * 1024);
      const sheet = strFromU8(zip['xl/worksheets/sheet1.xml'] as Uint8Array);
      expect(sheet.match(/<row /g)).toHaveLength(3_001);
      expect(sheet).toContain(
        '<c r="A3001" t="inlineStr"><is><t xml:space="preserve">2999 Zone Industrielle – Parking 0 Nord</t>',
      );
      expect(sheet).toContain(`<c r="AN3001"><v>${2999 * 40 + 39}</v></c></row></sheetData></worksheet>`);
    } finally {
      push.mockRestore();
    }
  }, 120_000);

  it('an empty source still gives a sheet with the header', async () => {
    const zip = unzipSync(await bytes(xlsxStream([{ header: 'only' }], [])));
    expect(strFromU8(zip['xl/worksheets/sheet1.xml'] as Uint8Array)).toMatch(
      /only<\/t><\/is><\/c><\/row><\/sheetData>/,
    );
  });
});
