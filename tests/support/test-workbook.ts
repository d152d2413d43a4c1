/**
 * @module Hand-built .xlsx workbooks for tests and the import benchmark: shared strings, styles and
 * raw cell XML as a spreadsheet program writes them (fflate's zipSync), so the reader is tested on
 * what Excel produces and not only on what our own writer produces.
 */
import { strToU8, zipSync } from 'fflate';
import { columnLetter, xmlEscape } from '../../domain/export/xlsx';
import { SpreadsheetError } from '../../domain/import/xlsx-reader';

export type TestCell =
  | string
  | number
  | boolean
  | null
  | { formula: string; cached?: string }
  | { date: number }
  | { shared: string };

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Users" sheetId="1" r:id="rId7"/></sheets></workbook>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/data.xml"/></Relationships>';
// Style 0 general, 1 built-in date (14), 2 custom "yyyy-mm-dd hh:mm", 3 custom "0.00" (a number).
const STYLES =
  '<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd hh:mm"/><numFmt numFmtId="165" formatCode="0.00"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/></cellXfs></styleSheet>';

/** A workbook whose first sheet holds `rows` (row 1 first); text goes to the shared-string table. */
export function buildWorkbook(rows: TestCell[][], extra: Record<string, Uint8Array> = {}): Uint8Array {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const shared = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  let sheet = '';
  rows.forEach((cells, r) => {
    sheet += `<row r="${r + 1}">`;
    cells.forEach((cell, c) => {
      const ref = `${columnLetter(c)}${r + 1}`;
      if (cell === null) return;
      if (typeof cell === 'string') sheet += `<c r="${ref}" t="s"><v>${shared(cell)}</v></c>`;
      else if (typeof cell === 'number') sheet += `<c r="${ref}"><v>${cell}</v></c>`;
      else if (typeof cell === 'boolean') sheet += `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
      else if ('formula' in cell)
        sheet += `<c r="${ref}" t="str"><f>${xmlEscape(cell.formula)}</f><v>${xmlEscape(cell.cached ?? '')}</v></c>`;
      else if ('date' in cell) sheet += `<c r="${ref}" s="1"><v>${cell.date}</v></c>`;
      else sheet += `<c r="${ref}" t="inlineStr"><is><t>${xmlEscape(cell.shared)}</t></is></c>`;
    });
    sheet += '</row>';
  });
  const sst = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}">${strings
    .map((s) => `<si><t xml:space="preserve">${xmlEscape(s)}</t></si>`)
    .join('')}</sst>`;
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    'xl/workbook.xml': strToU8(WORKBOOK),
    'xl/_rels/workbook.xml.rels': strToU8(RELS),
    'xl/styles.xml': strToU8(STYLES),
    'xl/sharedStrings.xml': strToU8(sst),
    'xl/worksheets/data.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
    ),
    ...extra,
  });
}

/** The SpreadsheetError reason `fn` throws (a test fails when it throws nothing, or something else). */
export function failureOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof SpreadsheetError) return err.reason;
    throw err;
  }
  throw new Error('no failure');
}
