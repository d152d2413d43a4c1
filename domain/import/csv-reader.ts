/**
 * @module A small CSV reader for imports (RFC 4180: quoted fields, doubled quotes, CRLF or LF), giving
 * the same rows of typed cells as the .xlsx reader so one validation serves both. Separator: comma or
 * semicolon (the one of the header row; spreadsheets in many European locales write semicolons).
 * Every cell is text, except that text a spreadsheet would run as a formula when the file is opened
 * (starting with =, +, @, a tab or a carriage return, or - followed by anything but a number) comes
 * back as `formula`, so the caller rejects it like a formula cell of a workbook (CSV injection).
 */
import type { CellValue, SheetRow } from './xlsx-reader';
import { SpreadsheetError } from './xlsx-reader';

export interface CsvLimits {
  maxRows: number;
  maxColumns: number;
  maxTextLength: number;
}

const NUMBER = /^-?\d+([.,]\d+)?$/;

/** Text a spreadsheet would evaluate when the CSV is opened. */
export function looksLikeFormula(text: string): boolean {
  const first = text[0];
  if (first === '=' || first === '+' || first === '@' || first === '\t' || first === '\r') return true;
  return first === '-' && !NUMBER.test(text.trim());
}

function cell(text: string): CellValue {
  return looksLikeFormula(text) ? { kind: 'formula', formula: text.replace(/^=/, '') } : { kind: 'text', text };
}

/** The file as rows (1-based row numbers, blank lines skipped); throws SpreadsheetError past the limits. */
export function readCsv(input: string, limits: CsvLimits): SheetRow[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: SheetRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  const endField = () => {
    if (field.length > limits.maxTextLength)
      throw new SpreadsheetError('tooLarge', `cell longer than ${limits.maxTextLength}`);
    fields.push(field);
    field = '';
    if (fields.length > limits.maxColumns) throw new SpreadsheetError('tooManyColumns', 'too many columns');
  };
  const endRow = () => {
    endField();
    if (fields.some((f) => f.trim() !== '')) {
      const cells = new Map<number, CellValue>();
      fields.forEach((f, i) => {
        if (f !== '') cells.set(i, cell(f));
      });
      rows.push({ row: line, cells });
      if (rows.length > limits.maxRows) throw new SpreadsheetError('tooManyRows', 'too many rows');
    }
    fields = [];
    line += 1;
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) endField();
    else if (ch === '\n') endRow();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else field += ch;
  }
  if (quoted) throw new SpreadsheetError('corrupt', 'unterminated quoted field');
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}
