import { describe, expect, it } from 'vitest';
import { invoiceReportPdf, totalsPerCurrency } from './invoice-report-pdf';

const rows = [
  {
    company_name: 'Fleetwise Logistics',
    company_id: 7,
    currency: 'EUR',
    invoices: 2,
    total_excluding_tax: 10000,
    tax: 2000,
    total: 12000,
    amount_paid: 12000,
  },
  {
    company_name: 'Brit Fleet',
    company_id: 9,
    currency: 'GBP',
    invoices: 1,
    total_excluding_tax: 5000,
    tax: 1000,
    total: 6000,
    amount_paid: 0,
  },
  {
    company_name: 'Autohaus Süd',
    company_id: 11,
    currency: 'EUR',
    invoices: 1,
    total_excluding_tax: 1000,
    tax: 190,
    total: 1190,
    amount_paid: 0,
  },
];
const texts = {
  title: 'Invoice report · 2026-10',
  generated: 'Generated on 01/11/2026 10:00 (CET)',
  page: 'Page {{page}} of {{pages}}',
  headers: ['Company', 'Customer', 'Invoices', 'Total excl. tax', 'Tax', 'Total', 'Paid'] as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ],
  notes: '{{companies}} rows, {{invoices}} invoices.',
  total: 'Total {{currency}}: {{total}}, paid {{paid}}',
};

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const c of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(c);
  return Buffer.concat(chunks).toString('latin1');
}

describe('invoice report PDF', () => {
  it('adds totals per currency, never across currencies', () => {
    expect(totalsPerCurrency(rows)).toEqual([
      { currency: 'EUR', total: 13190, paid: 12000 },
      { currency: 'GBP', total: 6000, paid: 0 },
    ]);
  });

  it('writes each row, the counts and each currency total in a valid PDF', async () => {
    const pdf = await text(
      invoiceReportPdf(rows, texts, { compress: false, created: new Date(Date.UTC(2026, 10, 1)) }),
    );
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(Fleetwise Logistics)');
    expect(pdf).toContain('(Autohaus S\xfcd)');
    expect(pdf).toContain('(3 rows, 4 invoices.)');
    // EUR with a decimal comma, GBP in en-GB (spec 9).
    expect(pdf).toMatch(/Total EUR: 131,90\s?\x80, paid 120,00\s?\x80/);
    expect(pdf).toContain('Total GBP: \xa360.00, paid \xa30.00');
  });
});
