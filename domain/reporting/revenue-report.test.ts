import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { revenueReports } from '../../i18n/areas/revenue-reports';
import type { PdfLine } from '../export/pdf-lines';
import { lastEndedPeriods, periodMonths, periodOver, quarterOf, reportRecipients } from './revenue-periods';
import {
  type RevenueReportInput,
  renderRevenueReport,
  revenueReportLines,
  type StationRevenue,
} from './revenue-report';
import type { TotalsRow } from './totals';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes).replace(/\u00a0/g, ' ');

const tr = (month: string, currency: string, over: Partial<TotalsRow> = {}): TotalsRow => ({
  month,
  currency,
  sessions: 10,
  energyWh: 100_000,
  emp: 5_000,
  empNet: 4_100,
  subcpo: 3_000,
  owner: 1_000,
  ...over,
});

const station = (i: number, currency = 'EUR'): StationRevenue => ({
  stationId: i,
  name: `Station ${i}`,
  currency,
  sessions: 3,
  energyWh: 20_000,
  emp: 1_000 - i,
  subcpo: 600,
});

const input = (over: Partial<RevenueReportInput> = {}): RevenueReportInput => ({
  texts: revenueReports.en.pdf,
  companyName: 'Volt Operator SA',
  periodKind: 'quarter',
  period: '2026-Q3',
  months: ['2026-07', '2026-08', '2026-09'],
  timeZone: 'Europe/Paris',
  language: 'en',
  source: 'd1',
  all: [tr('2026-07', 'EUR'), tr('2026-09', 'EUR', { sessions: 5, emp: 2_500 }), tr('2026-08', 'GBP')],
  local: [tr('2026-07', 'EUR', { sessions: 7 }), tr('2026-09', 'EUR', { sessions: 5 })],
  roaming: [tr('2026-07', 'EUR', { sessions: 3 })],
  topStations: Array.from({ length: 12 }, (_, i) => station(i + 1)),
  createdAt: new Date(Date.UTC(2026, 9, 1, 3)),
  ...over,
});

const texts = (lines: PdfLine[]) =>
  lines.map((l) =>
    (l.kind === 'row'
      ? l.cells.map((c) => c.text).join(' | ')
      : l.kind === 'pair'
        ? `${l.label}: ${l.value}`
        : l.text
    ).replace(/\u00a0/g, ' '),
  );

describe('revenue report layout', () => {
  it('has one section per currency with each month, the total, the local/roaming split and the top 10 stations', () => {
    const out = texts(revenueReportLines(input()));
    expect(out).toContain('Company: Volt Operator SA');
    expect(out).toContain('Period: Quarter 2026-Q3');
    expect(out).toContain('Amounts in EUR');
    expect(out).toContain('Amounts in GBP');
    // A month without sessions is a row of zeros; the total sums the months of the currency only.
    expect(out).toContain('2026-08 | 0 | 0,000 kWh | 0,00 € | 0,00 € | 0,00 € | 0,00 €');
    expect(out).toContain('Total | 15 | 200,000 kWh | 75,00 € | 82,00 € | 60,00 € | 20,00 €');
    expect(out).toContain('Total | 12 | 200,000 kWh | 100,00 € | 3 | 100,000 kWh | 50,00 €');
    expect(out).toContain('Top 10 stations by driver revenue');
    expect(out).toContain('1. Station 1 | 3 | 20,000 kWh | 9,99 € | 6,00 €');
    expect(out.some((l) => l.startsWith('10. Station 10'))).toBe(true);
    expect(out.some((l) => l.startsWith('11. '))).toBe(false);
    // GBP: en-GB number format, its own total.
    expect(out).toContain('Total | 10 | 100.000 kWh | £50.00 | £41.00 | £30.00 | £10.00');
  });

  it('says so when the period has no session', () => {
    const out = texts(revenueReportLines(input({ all: [], local: [], roaming: [], topStations: [] })));
    expect(out).toContain('No sessions in this period.');
    expect(out.some((l) => l.startsWith('Amounts in'))).toBe(false);
  });

  it('is a PDF with the company name and the total as text, in the language given', () => {
    const pdf = latin1(renderRevenueReport(input({ texts: revenueReports.de.pdf, language: 'de' })));
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('(Volt Operator SA)');
    expect(pdf).toContain('(Umsatzbericht)');
    expect(pdf).toContain('(75,00 €)');
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('writes the same bytes for the same input (golden)', () => {
    const sha = createHash('sha256').update(renderRevenueReport(input())).digest('hex');
    expect(sha).toBe('9409dfed9e71a51eb1cf625d126f339d17b08b7e56afeddbf2fe4a5172f61a84');
  });
});

describe('revenue report periods', () => {
  it('lists the months of a month and of a quarter', () => {
    expect(periodMonths('month', '2026-02')).toEqual(['2026-02']);
    expect(periodMonths('quarter', '2026-Q4')).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(quarterOf('2026-03')).toBe('2026-Q1');
  });

  it('takes the month and quarter that just ended in the company time zone', () => {
    // 1 Jan 2027 03:00 UTC: already January in Paris, still 31 December in New York.
    const now = Date.UTC(2027, 0, 1, 3);
    expect(lastEndedPeriods('Europe/Paris', now)).toEqual({ month: '2026-12', quarter: '2026-Q4' });
    expect(lastEndedPeriods('America/New_York', now)).toEqual({ month: '2026-11', quarter: '2026-Q3' });
    // Mid-quarter: the last quarter that ended is the previous one.
    expect(lastEndedPeriods('UTC', Date.UTC(2026, 4, 15))).toEqual({ month: '2026-04', quarter: '2026-Q1' });
  });

  it('knows whether a period is over in the zone', () => {
    const now = Date.UTC(2026, 9, 1, 3);
    expect(periodOver('Europe/Paris', 'month', '2026-09', now)).toBe(true);
    expect(periodOver('America/New_York', 'month', '2026-09', now)).toBe(false);
    expect(periodOver('Europe/Paris', 'quarter', '2026-Q3', now)).toBe(true);
    expect(periodOver('Europe/Paris', 'quarter', '2026-Q4', now)).toBe(false);
    expect(periodOver('Europe/Paris', 'month', '2026-10', now)).toBe(false);
  });
});

describe('report recipients', () => {
  it('accepts a list, drops duplicates, rejects a bad address and more than 20', () => {
    expect(reportRecipients('a@x.com, B@x.com,a@x.com')).toEqual({
      ok: true,
      list: ['a@x.com', 'b@x.com'],
      value: 'a@x.com, b@x.com',
    });
    expect(reportRecipients(null)).toEqual({ ok: true, list: [], value: null });
    expect(reportRecipients('a@x.com, nope')).toEqual({ ok: false, reason: 'invalid', address: 'nope' });
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@x.com`).join(',');
    expect(reportRecipients(many)).toEqual({ ok: false, reason: 'tooMany', count: 21 });
  });
});
