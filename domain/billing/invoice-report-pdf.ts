/**
 * @module The month's invoice report (/invoice/reports) as a PDF: one row per billed company and
 * currency (invoices, total excl. tax, tax, total, paid), then the totals per currency — amounts in
 * different currencies are never added together. Built on the streamed table of domain/export.
 */
import { pdfTableStream } from '../export/pdf-table';
import { formatMoney } from '../format/format';

export interface InvoiceReportRow {
  company_name: string;
  company_id: number;
  currency: string;
  invoices: number;
  total_excluding_tax: number;
  tax: number;
  total: number;
  amount_paid: number;
}

export interface InvoiceReportTexts {
  title: string;
  generated: string;
  page: string;
  headers: [string, string, string, string, string, string, string];
  /** "{{companies}} rows, {{invoices}} invoices." */
  notes: string;
  /** "Total {{currency}}: {{total}}, paid {{paid}}" */
  total: string;
}

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** Totals per currency, in the order the currencies first appear. */
export function totalsPerCurrency(rows: readonly InvoiceReportRow[]) {
  const totals = new Map<string, { total: number; paid: number }>();
  for (const r of rows) {
    const t = totals.get(r.currency) ?? { total: 0, paid: 0 };
    t.total += r.total;
    t.paid += r.amount_paid;
    totals.set(r.currency, t);
  }
  return [...totals].map(([currency, t]) => ({ currency, ...t }));
}

export function invoiceReportPdf(
  rows: readonly InvoiceReportRow[],
  texts: InvoiceReportTexts,
  options: { compress?: boolean; created?: Date } = {},
): ReadableStream<Uint8Array> {
  const [company, customer, invoices, exclTax, tax, total, paid] = texts.headers;
  const right = { align: 'right' as const, keep: true };
  return pdfTableStream(
    [
      { header: company },
      { header: customer, keep: true },
      { header: invoices, ...right },
      { header: exclTax, ...right },
      { header: tax, ...right },
      { header: total, ...right },
      { header: paid, ...right },
    ],
    rows.map((r) => [
      r.company_name,
      String(r.company_id),
      r.invoices,
      formatMoney(r.total_excluding_tax, r.currency),
      formatMoney(r.tax, r.currency),
      formatMoney(r.total, r.currency),
      formatMoney(r.amount_paid, r.currency),
    ]),
    {
      title: texts.title,
      intro: [texts.generated],
      pageLabel: texts.page,
      footer: texts.title,
      ...(options.compress === undefined ? {} : { compress: options.compress }),
      ...(options.created ? { created: options.created } : {}),
      end: () => ({
        notes: [
          fill(texts.notes, { companies: rows.length, invoices: rows.reduce((n, r) => n + r.invoices, 0) }),
          ...totalsPerCurrency(rows).map((t) =>
            fill(texts.total, {
              currency: t.currency,
              total: formatMoney(t.total, t.currency),
              paid: formatMoney(t.paid, t.currency),
            }),
          ),
        ],
      }),
    },
  );
}
