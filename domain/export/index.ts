/** @module Streaming exports: XLSX and CSV writers with formula-injection neutralisation. */
export { type Cell, type ExportColumn, neutraliseFormula, type RowSource } from './cells';
export { CSV_CONTENT_TYPE, type CsvOptions, csvField, csvLine, csvStream } from './csv';
export { columnLetter, XLSX_CONTENT_TYPE, type XlsxOptions, xlsxStream, xmlEscape } from './xlsx';
