/**
 * @module A session row as spreadsheet cells: energy in kWh and prices in currency units as numbers
 * (so sums work in the sheet), times as CET text, durations as h:mm:ss, an unpriced price as the
 * word for "unpriced" — never 0 — and a QR session's hidden party prices as empty cells.
 */

import { sessions } from '@i18n/areas/sessions';
import type { Language } from '@i18n/languages';
import type { Cell, ExportColumn } from '../export/cells';
import { cetDateTime, duration } from './display';
import type { SessionColumn } from './variants';

export interface ExportTexts {
  header: (key: string) => string;
  yes: string;
  no: string;
  unpriced: string;
  status: (s: string) => string;
  language: string;
}

/** The export's words in one of the product's languages (column headers, yes/no, statuses). */
export function exportTextsIn(language: Language): ExportTexts {
  const area = sessions[language];
  const cols = area.col as Record<string, string>;
  const statuses = area.status as Record<string, string>;
  return {
    header: (key) => cols[key] ?? key,
    yes: area.yes,
    no: area.no,
    unpriced: area.unpriced,
    status: (s) => statuses[s] ?? s,
    language,
  };
}

export function exportColumns(columns: readonly SessionColumn[], texts: ExportTexts): ExportColumn[] {
  return columns.map((col) => ({
    header: texts.header(col.key),
    ...(col.kind === 'energy' ? { format: 'decimal3' as const } : {}),
    ...(col.kind === 'money' ? { format: 'decimal2' as const } : {}),
    ...(col.kind === 'datetime' ? { width: 18 } : {}),
  }));
}

export function exportCells(row: Record<string, Cell>, columns: readonly SessionColumn[], texts: ExportTexts): Cell[] {
  const priced = row.pricing_status === 'priced';
  return columns.map((col) => {
    const v = row[col.key];
    switch (col.kind) {
      case 'datetime':
        return v ? cetDateTime(String(v), texts.language) : null;
      case 'energy':
        return typeof v === 'number' ? v / 1000 : null;
      case 'power':
        return typeof v === 'number' ? v / 1000 : null;
      case 'seconds':
        return typeof v === 'number' ? duration(v) : null;
      case 'minutes':
        return typeof v === 'number' ? v : null;
      case 'money':
        if (row.qr_payment && col.party !== 'emp') return null;
        if (!priced || typeof v !== 'number') return texts.unpriced;
        return col.key === 'owner_cost_per_kwh' ? v / 100_000 : v / 100;
      case 'flag':
        return v ? texts.yes : texts.no;
      case 'status':
        return typeof v === 'string' ? texts.status(v) : null;
      default:
        return v ?? null;
    }
  });
}
