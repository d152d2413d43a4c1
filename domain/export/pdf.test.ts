import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { SessionColumn } from '../sessions/variants';
import type { Cell } from './cells';
import { fitText, PdfWriter, pdfLiteral, textWidth, winAnsi } from './pdf';
import { pdfCell, sessionPdfStream } from './pdf-sessions';
import { pdfTableStream } from './pdf-table';
import { cellLines } from './pdf-table-wrap';

/** One char per byte (TextDecoder('latin1') is really windows-1252). */
function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}
const bytes = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());
const collect = (write: (pdf: PdfWriter) => void) => {
  const chunks: Uint8Array[] = [];
  write(new PdfWriter((c) => chunks.push(c)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
};

/** Offsets of the xref table, the trailer, and startxref, read from the bytes as a reader would. */
function parseTail(file: Uint8Array) {
  const text = latin1(file);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const table = text.slice(startxref);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(table) ?? [];
  const entries = table
    .split('\n')
    .slice(2, 2 + Number(count))
    .map((line) => ({ offset: Number(line.slice(0, 10)), kind: line.slice(17, 18), raw: line }));
  const trailer = /trailer\n<<(.*)>>\n/.exec(table)?.[1] ?? '';
  return { text, startxref, first: Number(first), count: Number(count), entries, trailer };
}

/** Every object's decoded content stream (Flate or plain), in file order. */
function contentStreams(text: string): string[] {
  const out: string[] = [];
  const re = /<< \/Length (\d+)(.*?) >>\nstream\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const raw = text.slice(start, start + Number(m[1]));
    out.push(m[2]?.includes('/FlateDecode') ? latin1(unzlibSync(Uint8Array.from(raw, (ch) => ch.charCodeAt(0)))) : raw);
  }
  return out;
}

describe('winAnsi and literals', () => {
  it('encodes the accented letters of the seven languages as single WinAnsi bytes', () => {
    const encoded = winAnsi('é ü ß ñ ç ã õ à è ì ò ù â ê î ô û ë ï ÿ Ä Ö Ü É À Ç Ñ ¿ ¡ « » €');
    expect([...encoded].every((ch) => ch.charCodeAt(0) < 256 && ch !== '?')).toBe(true);
    expect([...winAnsi('Zürich €')].map((ch) => ch.charCodeAt(0))).toEqual([
      0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x20, 0x80,
    ]);
    // Decomposed e + combining acute becomes one byte; typographic marks map to their 0x80–0x9F bytes.
    expect(winAnsi('e\u0301')).toBe('\xe9');
    expect(winAnsi('„x“ – … ’')).toBe('\x84x\x93 \x96 \x85 \x92');
  });

  it('replaces characters outside WinAnsi visibly and control characters with spaces', () => {
    expect(winAnsi('東京 ok')).toBe('?? ok');
    expect(winAnsi('😀')).toBe('?');
    expect(winAnsi('a\tb\nc\u202fd')).toBe('a b c d');
  });

  it('escapes ( ) and \\ in literal strings', () => {
    expect(pdfLiteral(winAnsi('a(b)c\\d'))).toBe('(a\\(b\\)c\\\\d)');
    expect(pdfLiteral('plain')).toBe('(plain)');
  });

  it('measures Helvetica widths and cuts text with an ellipsis', () => {
    expect(textWidth('ab', 'regular', 10)).toBeCloseTo(11.12);
    expect(textWidth('ü', 'regular', 10)).toBe(textWidth('u', 'regular', 10));
    const cut = fitText(winAnsi('A rather long station name'), 'regular', 10, 50);
    expect(cut.endsWith('\x85')).toBe(true);
    expect(textWidth(cut, 'regular', 10)).toBeLessThanOrEqual(50);
    expect(fitText('short', 'regular', 10, 100)).toBe('short');
  });
});

describe('PdfWriter', () => {
  it('writes an xref whose offsets point at each object, and a trailer and startxref that are right', () => {
    const file = collect((pdf) => {
      const catalog = pdf.reserve();
      const pages = pdf.reserve();
      const content = pdf.reserve();
      const page = pdf.reserve();
      pdf.stream(content, 'BT /F1 12 Tf 72 712 Td (Hi) Tj ET');
      pdf.comment('rows 1');
      pdf.object(page, `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R >>`);
      pdf.object(pages, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
      pdf.object(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
      pdf.finish(catalog);
    });
    const { text, startxref, first, count, entries, trailer } = parseTail(file);
    expect(text.startsWith('%PDF-1.4\n%')).toBe(true);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    expect(first).toBe(0);
    expect(count).toBe(5);
    expect(entries[0]?.raw).toBe('0000000000 65535 f ');
    for (let id = 1; id < count; id++) {
      const e = entries[id];
      expect(e?.kind).toBe('n');
      expect(e?.raw).toHaveLength(19); // + "\n" = the 20-byte entry of the spec
      expect(text.slice(e?.offset, (e?.offset ?? 0) + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    }
    expect(trailer).toBe(' /Size 5 /Root 1 0 R ');
    expect(text).toContain('<< /Length 33 >>\nstream\nBT /F1 12 Tf 72 712 Td (Hi) Tj ET\nendstream');
  });

  it('refuses to finish with a reserved object never written, or an object written twice', () => {
    expect(() =>
      collect((pdf) => {
        pdf.reserve();
        pdf.finish(1);
      }),
    ).toThrow(/never written/);
    expect(() =>
      collect((pdf) => {
        const id = pdf.reserve();
        pdf.object(id, '<<>>');
        pdf.object(id, '<<>>');
      }),
    ).toThrow(/twice/);
  });
});

describe('cellLines', () => {
  const W = 100; // points at 7 pt Helvetica: about 18 average characters
  it('keeps text that fits on one line untouched', () => {
    expect(cellLines('Gare de Lyon', 'regular', 7, W)).toEqual(['Gare de Lyon']);
    expect(cellLines('', 'regular', 7, W)).toEqual([]);
  });
  it('wraps between words to two lines, each within the width, losing nothing when it fits', () => {
    const text = 'Parking Centre Commercial Nord';
    const lines = cellLines(text, 'regular', 7, W);
    expect(lines).toHaveLength(2);
    expect(lines.join(' ')).toBe(text);
    for (const l of lines) expect(textWidth(l, 'regular', 7)).toBeLessThanOrEqual(W);
  });
  it('ellipsizes the second line when the text needs more than two', () => {
    const text = '12 avenue du Général Leclerc, Zone Industrielle des Trois Fontaines, 92100 Boulogne';
    const lines = cellLines(winAnsi(text), 'regular', 7, W);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('\x85')).toBe(true);
    expect(winAnsi(text).startsWith(lines[0] ?? 'x')).toBe(true);
    for (const l of lines) expect(textWidth(l, 'regular', 7)).toBeLessThanOrEqual(W);
  });
  it('breaks a word wider than the column inside it', () => {
    const word = 'FR*VOL*E000123456789*STATION*NORD*PARIS';
    const lines = cellLines(word, 'regular', 7, W);
    expect(lines).toHaveLength(2);
    expect(word.startsWith(lines[0] ?? 'x')).toBe(true);
    for (const l of lines) expect(textWidth(l, 'regular', 7)).toBeLessThanOrEqual(W);
    expect(cellLines('FR*VOL*E0001234567', 'regular', 7, 60, 3).join('')).toBe('FR*VOL*E0001234567');
  });
});

describe('pdfTableStream', () => {
  const columns = [{ header: 'Station' }, { header: 'Energy', align: 'right' as const }];
  const rows = (n: number): Cell[][] =>
    Array.from({ length: n }, (_, i) => [i === 0 ? 'Zürich (Straße) \\ 東' : `Station ${i}`, `${i},000`]);

  it('writes a 3-page document with 3 page objects, the header on each page, page numbers and the end block', async () => {
    const file = await bytes(
      pdfTableStream(columns, rows(100), {
        title: 'Sessions · Übersicht',
        intro: ['Filters: none'],
        pageLabel: 'Page {{page}} of {{pages}}',
        footer: 'Sessions',
        compress: false,
        end: () => ({ sums: ['Sums', '4.950,000'], notes: ['100 sessions'] }),
      }),
    );
    const { text, entries, count } = parseTail(file);
    for (let id = 1; id < count; id++) {
      const offset = entries[id]?.offset ?? 0;
      expect(text.slice(offset).startsWith(`${id} 0 obj\n`)).toBe(true);
    }
    expect(text.match(/\/Type \/Page /g)).toHaveLength(3);
    expect(text).toMatch(/\/Type \/Pages \/Kids \[\d+ 0 R \d+ 0 R \d+ 0 R\] \/Count 3/);
    const streams = contentStreams(text);
    const pages = streams.filter((s) => s.includes('/T Do'));
    expect(pages).toHaveLength(3);
    pages.forEach((p, i) => {
      expect(p).toContain('(Station) Tj');
      expect(p).toContain('(Energy) Tj');
      expect(p).toContain(`(Page ${i + 1} of ) Tj`);
    });
    // The total page count is one form XObject drawn on every page.
    expect(streams.find((s) => !s.includes('/T Do'))).toContain('(3) Tj');
    expect(pages[0]).toContain('(Sessions \xb7 \xdcbersicht) Tj');
    expect(pages[0]).toContain('(Filters: none) Tj');
    expect(pages[0]).toContain('(Z\xfcrich \\(Stra\xdfe\\) \\\\ ?) Tj');
    expect(pages[1]).not.toContain('Filters: none');
    expect(pages[2]).toContain('(Sums) Tj');
    expect(pages[2]).toContain('(100 sessions) Tj');
    expect(pages[0]).not.toContain('(Sums) Tj');
    // Every row is on exactly one page, in order.
    const all = pages.join('');
    for (let i = 1; i < 100; i++) expect(all.split(`(Station ${i}) Tj`)).toHaveLength(2);
    expect(text).toMatch(/%rows 100\n/);
  });

  it('wraps a long text cell to two lines in its column and keeps the next row below it', async () => {
    // Two columns fill the page width, so the text must be longer than most of it to wrap.
    const long = Array(4).fill('Parking Centre Commercial Nord Boulevard Haussmann Paris').join(' ');
    const file = await bytes(
      pdfTableStream(
        columns,
        [
          ['Gare', '1,000'],
          [long, '2,000'],
          ['Port', '3,000'],
        ],
        { title: 'T', pageLabel: 'Page {{page}} of {{pages}}', compress: false },
      ),
    );
    const page = contentStreams(latin1(file)).find((x) => x.includes('/T Do')) ?? '';
    // Each shown string with the absolute position its Td offsets add up to, row by row.
    const shown: { text: string; x: number; y: number }[] = [];
    for (const block of page.split('BT ').slice(1)) {
      let x = 0;
      let y = 0;
      for (const m of block.matchAll(/(-?[\d.]+) (-?[\d.]+) Td (\((?:[^)\\]|\\.)*\)) Tj/g)) {
        x += Number(m[1]);
        y += Number(m[2]);
        shown.push({ text: (m[3] ?? '').slice(1, -1), x, y });
      }
    }
    const at = (t: string) => shown.find((s) => s.text === t);
    const parts = shown.filter((s) => long.includes(s.text.replace('\x85', '')) && s.text.length > 4);
    expect(parts).toHaveLength(2);
    const [first, second] = parts;
    // Same column, second line below the first, and the row's number on the first line's baseline.
    expect(second?.x).toBeCloseTo(first?.x ?? 0, 5);
    expect(second?.y ?? 0).toBeLessThan(first?.y ?? 0);
    expect(at('2,000')?.y).toBeCloseTo(first?.y ?? 0, 5);
    // The next row starts below the wrapped row's second line, not on it.
    expect(at('Port')?.y ?? 0).toBeLessThan(second?.y ?? 0);
    expect((at('Gare')?.y ?? 0) - (first?.y ?? 0)).toBeCloseTo((second?.y ?? 0) - (at('Port')?.y ?? 0) + 0, 0);
  });

  it('compresses page contents with Flate and they decode to the same operators', async () => {
    const file = await bytes(
      pdfTableStream(columns, rows(10), { title: 'T', pageLabel: 'Page {{page}} of {{pages}}' }),
    );
    const text = latin1(file);
    expect(text).toContain('/Filter /FlateDecode');
    expect(contentStreams(text).join('')).toContain('(Station 9) Tj');
  });

  it('an empty source still gives one page with the header and the end notes', async () => {
    const file = await bytes(
      pdfTableStream(columns, [], {
        title: 'T',
        pageLabel: 'Page {{page}} of {{pages}}',
        compress: false,
        end: () => ({ notes: ['No sessions match these filters.'] }),
      }),
    );
    const text = latin1(file);
    expect(text.match(/\/Type \/Page /g)).toHaveLength(1);
    expect(text).toContain('(No sessions match these filters.) Tj');
    expect(text.endsWith('%%EOF\n')).toBe(true);
  });

  it('pulls rows one page at a time (bounded memory) from a 100,000-row source', async () => {
    let produced = 0;
    function* gen() {
      for (let i = 0; i < 100_000; i++) {
        produced++;
        yield [`Station ${i}`, String(i)];
      }
    }
    const reader = pdfTableStream(columns, gen(), { title: 'T', pageLabel: 'Page {{page}} of {{pages}}' }).getReader();
    await reader.read();
    expect(produced).toBeLessThanOrEqual(100);
    await reader.read();
    expect(produced).toBeLessThanOrEqual(200);
    await reader.cancel();
  });
});

describe('sessionPdfStream', () => {
  const cols: SessionColumn[] = [
    { key: 'cdr_id', kind: 'text' },
    { key: 'cdr_consumed_energy', kind: 'energy', sum: true },
    { key: 'cdr_time', kind: 'seconds', sum: true },
    { key: 'emp_price_total', kind: 'money', sum: true, party: 'emp' },
    { key: 'subcpo_price_total', kind: 'money', sum: true, party: 'subcpo' },
  ];
  const texts = {
    header: (k: string) => k,
    yes: 'Yes',
    no: 'No',
    unpriced: 'unpriced',
    status: (s: string) => s,
    language: 'fr',
    title: 'Sessions',
    intro: ['Generated'],
    page: 'Page {{page}} of {{pages}}',
    sums: 'Sums',
    notes: (n: { rows: number; unpriced: number; qr: number }) => [
      `${n.rows} rows, ${n.unpriced} unpriced, ${n.qr} QR`,
    ],
  };

  it('prints the XLSX display values with a decimal comma and sums only what is priced and visible', async () => {
    const records = [
      {
        cdr_id: 'A',
        pricing_status: 'priced',
        cdr_consumed_energy: 10_000,
        cdr_time: 3600,
        emp_price_total: 468,
        subcpo_price_total: 300,
      },
      {
        cdr_id: 'B',
        pricing_status: 'priced',
        cdr_consumed_energy: 2_500,
        cdr_time: 60,
        emp_price_total: 100,
        subcpo_price_total: null,
        qr_payment: true,
      },
      {
        cdr_id: 'C',
        pricing_status: 'unpriced',
        cdr_consumed_energy: 1_000,
        cdr_time: 5,
        emp_price_total: null,
        subcpo_price_total: null,
      },
    ];
    const file = await bytes(sessionPdfStream(cols, records, texts, { currency: 'EUR', compress: false }));
    const page = contentStreams(latin1(file)).find((s) => s.includes('/T Do')) ?? '';
    expect(page).toContain('(10,000) Tj');
    expect(page).toContain('(4,68) Tj');
    expect(page).toContain('(1:00:00) Tj');
    expect(page).toContain('(unpriced) Tj');
    // Sums: energy of every row; provider price of A and B (QR shows provider prices); sub-operator only A.
    expect(page).toContain('(Sums) Tj');
    expect(page).toContain('(13,500) Tj');
    expect(page).toContain('(1:01:05) Tj');
    expect(page).toContain('(5,68) Tj');
    expect(page).toContain('(3,00) Tj');
    expect(page).toContain('(3 rows, 1 unpriced, 1 QR) Tj');
  });

  it('formats numbers per column kind', () => {
    expect(pdfCell(12.5, { key: 'cdr_consumed_energy', kind: 'energy' }, 'EUR')).toBe('12,500');
    expect(pdfCell(1234.5, { key: 'emp_price_total', kind: 'money' }, 'EUR')).toBe('1.234,50');
    expect(pdfCell(0.25, { key: 'owner_cost_per_kwh', kind: 'money' }, 'EUR')).toBe('0,2500');
    expect(pdfCell(22, { key: 'plug_max_electric_power', kind: 'power' }, 'EUR')).toBe('22,0');
    expect(pdfCell('unpriced', { key: 'emp_price_total', kind: 'money' }, 'EUR')).toBe('unpriced');
  });
});
