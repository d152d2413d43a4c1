/**
 * @module A usage invoice as a spreadsheet (spec 001 7.5 `company/evfleet/invoices/{reportId}/xls`):
 * one row per line, then the total; money as numbers in major units (2 decimals for EUR, 0 for JPY),
 * energy in kWh. Pure: the handler reads the invoice and streams these rows through
 * domain/export/xlsx.ts, which neutralises formula injection in every text cell.
 */
import type { Cell, ExportColumn } from '../export/cells';

export interface SheetLine {
  kind: 'session' | 'fee' | 'subscription' | 'one_time';
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  energyWh: number | null;
  periodStart: Date | null;
}

export interface SheetTexts {
  sheetDescription: string;
  sheetKind: string;
  sheetDate: string;
  sheetEnergy: string;
  sheetQuantity: string;
  sheetUnit: string;
  sheetAmount: string;
  sheetCurrency: string;
  sheetTotal: string;
  kindSession: string;
  kindFee: string;
  kindOneTime: string;
}

/** Decimals of a currency's major unit (2 for EUR, 0 for JPY). */
export function currencyDecimals(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
    .maximumFractionDigits as number;
}

/** "fleet-invoice-acme-fleet-2026-10.xlsx": the company name reduced to safe letters. */
export function invoiceFileName(companyName: string, period: string | null): string {
  const slug =
    companyName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-')
      .slice(0, 60) || 'company';
  return `fleet-invoice-${slug}-${period ?? 'invoice'}.xlsx`;
}

export function invoiceSheet(
  invoice: { currency: string; total: number; timeZone: string },
  lines: SheetLine[],
  t: SheetTexts,
): { columns: ExportColumn[]; rows: Cell[][] } {
  const digits = currencyDecimals(invoice.currency);
  const major = (minor: number) => minor / 10 ** digits;
  const money: ExportColumn['format'] = digits === 0 ? 'integer' : 'decimal2';
  const kind = { session: t.kindSession, fee: t.kindFee, one_time: t.kindOneTime, subscription: t.kindFee };
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone: invoice.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const columns: ExportColumn[] = [
    { header: t.sheetDescription, width: 48 },
    { header: t.sheetKind, width: 20 },
    { header: t.sheetDate, width: 12 },
    { header: t.sheetEnergy, width: 14, format: 'decimal3' },
    { header: t.sheetQuantity, width: 10, format: 'integer' },
    { header: t.sheetUnit, width: 12, format: money },
    { header: t.sheetAmount, width: 12, format: money },
    { header: t.sheetCurrency, width: 10 },
  ];
  const rows: Cell[][] = lines.map((l) => [
    l.description,
    kind[l.kind],
    l.kind === 'session' && l.periodStart ? date.format(l.periodStart) : null,
    l.energyWh === null ? null : l.energyWh / 1000,
    l.quantity,
    major(l.unitAmount),
    major(l.amount),
    invoice.currency,
  ]);
  rows.push([t.sheetTotal, null, null, null, null, null, major(invoice.total), invoice.currency]);
  return { columns, rows };
}
