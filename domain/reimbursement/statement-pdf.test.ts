import { describe, expect, it } from 'vitest';
import { reimbursementJobs } from '../../i18n/areas/reimbursement-jobs';
import type { MonthResult, Slice } from './compute';
import { type StatementPdf, statementLines, statementPdf, wrap } from './statement-pdf';

/** The PDF's bytes decoded as WinAnsi (the WHATWG "latin1" label is windows-1252): € is byte 0x80. */
const latin1 = (bytes: Uint8Array) => spaced(new TextDecoder('latin1').decode(bytes));
/** Money formatting puts a no-break space before the currency sign: compared as a space. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

const slice = (over: Partial<Slice> = {}): Slice => ({
  tariffId: 7,
  validFrom: '2026-10-01',
  validTo: null,
  pricePerKwh: 25160,
  appliedPricePerKwh: 25160,
  source: 'sessions',
  sessions: 3,
  energyWh: 30_000,
  amount: 755,
  ...over,
});

const result = (over: Partial<MonthResult> = {}): MonthResult => ({
  sessions: 3,
  energyWh: 30_000,
  energyAmount: 755,
  capped: false,
  extraExpense: 1200,
  value: 1955,
  slices: [slice()],
  notes: [],
  ...over,
});

const statement = (over: Partial<StatementPdf> = {}): StatementPdf => ({
  texts: reimbursementJobs.en.statement,
  companyName: 'Fleet Ltd',
  employeeName: 'Ann Smith',
  period: '2026-10',
  currency: 'EUR',
  status: 'pending_approval',
  result: result(),
  createdAt: new Date(Date.UTC(2026, 10, 1, 3)),
  ...over,
});

const pageCount = (pdf: string) => Number(/\/Count (\d+)/.exec(pdf)?.[1]);

describe('statementPdf', () => {
  it('is a one-page PDF with the company, employee, month, slice, extra expense, total and status', () => {
    const pdf = latin1(statementPdf(statement()));
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(pdf)).toBe(1);
    for (const text of [
      'Fleet Ltd',
      'Ann Smith',
      '2026-10',
      'Tariff from 2026-10-01',
      '30,000 kWh at 0,2516 €/kWh = 7,55 €',
      'Extra expense',
      '12,00 €',
      'Total',
      '19,55 €',
      'Waiting for the employee',
    ])
      expect(pdf).toContain(text);
  });

  it('formats GBP the en-GB way', () => {
    const pdf = latin1(statementPdf(statement({ currency: 'GBP' })));
    expect(pdf).toContain('\xa319.55');
  });

  it('writes accents as WinAnsi bytes, and a character outside WinAnsi as a visible ?', () => {
    const pdf = latin1(
      statementPdf(
        statement({ texts: reimbursementJobs.fr.statement, employeeName: 'Zoë Müller-Łukasz', companyName: 'Société' }),
      ),
    );
    expect(pdf).toContain('Zo\xeb M\xfcller-?ukasz');
    expect(pdf).toContain('Soci\xe9t\xe9');
    expect(pdf).toContain('Relev\xe9 de remboursement');
  });

  it('marks a capped slice, a meter slice, and says the notes in words', () => {
    const lines = statementLines(
      statement({
        result: result({
          capped: true,
          slices: [
            slice({ pricePerKwh: 40000, appliedPricePerKwh: 30000, validTo: '2026-10-15' }),
            slice({ source: 'meter', validFrom: '2026-10-16' }),
          ],
          notes: [
            { code: 'uncovered', sessions: 2, energyWh: 5000, firstDate: '2026-10-20' },
            { code: 'meter_missing', homeStationId: 4 },
          ],
        }),
      }),
    );
    const all = lines.map((l) => ('text' in l ? l.text : `${l.label} | ${l.value}`)).join('\n');
    expect(spaced(all)).toContain('Tariff 2026-10-01 to 2026-10-15');
    expect(spaced(all)).toContain('(capped by the company limit): 0,4000 €/kWh > 0,3000 €/kWh');
    expect(spaced(all)).toContain('Tariff from 2026-10-16 (meter reading)');
    expect(spaced(all)).toContain('5,000 kWh (2 sessions) from 2026-10-20 on is covered by no tariff');
    expect(spaced(all)).toContain('Home station 4: a meter reading is missing');
  });

  it('says so when the month has no slice', () => {
    const pdf = latin1(statementPdf(statement({ result: result({ slices: [], energyAmount: 0, value: 1200 }) })));
    expect(pdf).toContain('No home charging this month');
  });

  it('flows a long month onto a second page, numbering the pages', () => {
    const slices = Array.from({ length: 40 }, (_, i) =>
      slice({ tariffId: i, validFrom: `2026-10-${String((i % 28) + 1).padStart(2, '0')}` }),
    );
    const pdf = latin1(statementPdf(statement({ result: result({ slices }) })));
    expect(pageCount(pdf)).toBe(2);
    expect(pdf).toContain('Page 2 of 2');
    expect(pdf).toContain('19,55 €');
  });

  it('wraps long notes at spaces', () => {
    expect(wrap('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
  });
});
