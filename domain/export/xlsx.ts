/**
 * @module Streaming XLSX writer: one worksheet of inline-string and number cells, zipped on the fly
 * with fflate's streaming deflate. Rows are pulled from the source in chunks only when the consumer
 * reads, so 100,000 rows export with bounded memory (no shared-string table, no whole-file buffer);
 * each row's XML is encoded into one reused 64 KiB buffer and deflated in slices of that size.
 * Text cells are XML-escaped, stripped of characters XML forbids, and neutralised against formula
 * injection like the CSV writer.
 */
import { Zip, ZipDeflate } from 'fflate';
import { type Cell, type ExportColumn, neutraliseFormula, type RowSource } from './cells';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxOptions {
  /** Worksheet name (max 31 characters; []:*?/\ are replaced). Default "Sheet1". */
  sheetName?: string;
  /** Rows pulled per chunk. Default 500. */
  chunkRows?: number;
  /** Deflate level 0–9. Default 6. */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

// Control characters other than TAB, LF, CR are not allowed in XML 1.0.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to strip
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Sheet XML is deflated in slices of at most this many bytes (fflate's default window is 96 KiB). */
const BUFFER_BYTES = 64 * 1024;

const FORMAT_STYLE: Record<NonNullable<ExportColumn['format']>, number> = { integer: 2, decimal2: 3, decimal3: 4 };

function cellXml(ref: string, value: Cell, style: number): string {
  if (value === null || value === undefined || value === '') return '';
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(neutraliseFormula(value))}</t></is></c>`;
}

export function rowXml(rowNumber: number, cells: Cell[], letters: string[], styles: number[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    xml += cellXml(`${letters[i] ?? columnLetter(i)}${rowNumber}`, cells[i], styles[i] ?? 0);
  }
  return `${xml}</row>`;
}

function sheetName(name: string | undefined): string {
  const clean = (name ?? 'Sheet1')
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31)
    .trim();
  return clean || 'Sheet1';
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>';
// Styles: 0 general, 1 bold header, 2 integer "0", 3 "0.00", 4 "0.000".
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.000"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

function workbookXml(name: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlEscape(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

function sheetHead(columns: ExportColumn[], letters: string[]): string {
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(10, c.header.length + 2)}" customWidth="1"/>`,
    )
    .join('');
  const header = `<row r="1">${columns
    .map(
      (c, i) =>
        `<c r="${letters[i]}1" s="1" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(neutraliseFormula(c.header))}</t></is></c>`,
    )
    .join('')}</row>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>${header}`;
}

/**
 * The workbook as a byte stream. The header row is bold and frozen; each row of `rows` becomes one
 * sheet row, cells in column order.
 */
export function xlsxStream(
  columns: ExportColumn[],
  rows: RowSource,
  options: XlsxOptions = {},
): ReadableStream<Uint8Array> {
  const chunkRows = options.chunkRows ?? 500;
  const level = options.level ?? 6;
  const letters = columns.map((_, i) => columnLetter(i));
  const styles = columns.map((c) => (c.format ? FORMAT_STYLE[c.format] : 0));
  const encoder = new TextEncoder();
  const it: Iterator<Cell[]> | AsyncIterator<Cell[]> =
    Symbol.asyncIterator in rows
      ? (rows as AsyncIterable<Cell[]>)[Symbol.asyncIterator]()
      : (rows as Iterable<Cell[]>)[Symbol.iterator]();
  let pending: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else pending.push(chunk);
    if (final) finished = true;
  });
  const small = (path: string, xml: string) => {
    const file = new ZipDeflate(path, { level });
    zip.add(file);
    file.push(encoder.encode(xml), true);
  };
  let sheet: ZipDeflate | null = null;
  let rowNumber = 1;
  // fflate copies what is pushed into its own window, so the buffer is reused at once.
  const buffer = new Uint8Array(BUFFER_BYTES);
  let used = 0;
  const write = (file: ZipDeflate, xml: string) => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (used + xml.length * 3 > BUFFER_BYTES) {
      if (used > 0) file.push(buffer.subarray(0, used));
      used = 0;
      if (xml.length * 3 > BUFFER_BYTES) {
        file.push(encoder.encode(xml));
        return;
      }
    }
    used += encoder.encodeInto(xml, buffer.subarray(used)).written;
  };
  const flush = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    for (const chunk of pending) controller.enqueue(chunk);
    pending = [];
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sheet) {
        small('[Content_Types].xml', CONTENT_TYPES);
        small('_rels/.rels', ROOT_RELS);
        small('xl/workbook.xml', workbookXml(sheetName(options.sheetName)));
        small('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
        small('xl/styles.xml', STYLES);
        sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level });
        zip.add(sheet);
        write(sheet, sheetHead(columns, letters));
      }
      // Each row is written as soon as it is read, into one reused buffer deflated in slices of at most
      // BUFFER_BYTES: no array of the chunk's rows, no string or byte array of the whole chunk, and
      // fflate's window never grows past its default (a large push enlarges it for good and makes its
      // output arrays as large). What a chunk leaves behind is short-lived garbage, collected young.
      let done = false;
      for (let n = 0; n < chunkRows; n++) {
        const next = await it.next();
        if (next.done) {
          done = true;
          break;
        }
        write(sheet, rowXml(++rowNumber, next.value, letters, styles));
      }
      if (done) {
        write(sheet, '</sheetData></worksheet>');
        sheet.push(buffer.subarray(0, used), true);
        used = 0;
        zip.end();
      }
      if (failure) return controller.error(failure);
      flush(controller);
      if (done) {
        if (finished) controller.close();
        else controller.error(new Error('xlsx: zip did not finish'));
      }
    },
  });
}
