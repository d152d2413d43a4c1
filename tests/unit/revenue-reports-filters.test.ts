/**
 * The /reports/revenue screen's filters from its URL (issue 21 part 6, ADR 056): the report e-mail's link
 * `?company_id=…&period=…` becomes the list's filters, and a malformed value is dropped instead of sent.
 */
import { describe, expect, it } from 'vitest';
import { readFilters } from '../../app/routes/_app.reports.revenue/revenue.server';

const at = (query: string) => readFilters(new URL(`http://127.0.0.1/reports/revenue?${query}`));

describe('revenue reports screen filters', () => {
  it('honours the e-mail link’s company and period', () => {
    expect(at('company_id=42&period=2026-10')).toEqual({ kind: '', period: '2026-10', companyId: '42', page: 0 });
    expect(at('company_id=7&period=2026-q3&kind=quarter&page=2')).toEqual({
      kind: 'quarter',
      period: '2026-Q3',
      companyId: '7',
      page: 2,
    });
  });

  it('drops malformed values', () => {
    expect(at('company_id=0&period=2026-13x&kind=year&page=-3')).toEqual({
      kind: '',
      period: '',
      companyId: '',
      page: 0,
    });
    expect(at('company_id=abc&period=October')).toEqual({ kind: '', period: '', companyId: '', page: 0 });
  });
});
