/** @module The reader for an uploaded workbook, chosen by its signature: .xlsx (a ZIP) or .xls (a compound file). */
import type { MessageKey } from '@i18n/messages';
import { isCompoundFile } from './cfb';
import { readCsv } from './csv-reader';
import { readXls } from './xls-reader';
import { DEFAULT_LIMITS, type ReadLimits, readXlsx, type SheetRow, SpreadsheetError } from './xlsx-reader';
import { isZip } from './zip';

/** Whether the bytes look like a workbook (.xlsx or .xls) rather than text. */
export function isWorkbook(bytes: Uint8Array): boolean {
  return isZip(bytes) || isCompoundFile(bytes);
}

/** The first worksheet's rows; throws SpreadsheetError (see readXlsx and readXls for the reasons). */
export function readSpreadsheet(bytes: Uint8Array, limits: ReadLimits): SheetRow[] {
  return isCompoundFile(bytes) ? readXls(bytes, limits) : readXlsx(bytes, limits);
}

/** A workbook (.xlsx or .xls) by its signature, else UTF-8 text read as CSV; throws SpreadsheetError. */
export function readWorkbookOrCsv(bytes: Uint8Array, limits: ReadLimits): SheetRow[] {
  if (isWorkbook(bytes)) return readSpreadsheet(bytes, limits);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SpreadsheetError('notSpreadsheet', 'neither a workbook nor UTF-8 text');
  }
  // Binary that happens to decode (NUL bytes) is not a CSV.
  if (text.includes('\u0000')) throw new SpreadsheetError('notSpreadsheet', 'binary content');
  return readCsv(text, limits);
}

/** Code, message and message parameters of each reason a file cannot be read, as both imports answer it. */
export function readFailure(
  err: SpreadsheetError,
  maxRows: number,
  notSpreadsheet: MessageKey,
): [string, MessageKey, Record<string, number>?] {
  switch (err.reason) {
    case 'encrypted':
      return ['FILE_ENCRYPTED', 'importEncrypted'];
    case 'xlsOld':
      return ['XLS_TOO_OLD', 'importXlsOld'];
    case 'notSpreadsheet':
      return ['NOT_A_SPREADSHEET', notSpreadsheet];
    case 'corrupt':
      return ['FILE_DAMAGED', 'importCorrupt'];
    case 'tooLarge':
      return ['FILE_TOO_LARGE', 'importUnpackedTooLarge', { max: DEFAULT_LIMITS.maxPartBytes / 1024 / 1024 }];
    case 'tooManyRows':
      return ['TOO_MANY_ROWS', 'importTooManyRows', { max: maxRows }];
    case 'tooManyColumns':
      return ['TOO_MANY_COLUMNS', 'importTooManyColumns', { max: DEFAULT_LIMITS.maxColumns }];
  }
}
