/**
 * @module One employee's monthly home reimbursement statement as an A4 PDF (issue 19 part 5, ADR 046),
 * pure, written with the lines PDF of domain/export/pdf-lines.ts (standard Helvetica,
 * WinAnsi text) like the QR receipt: company, employee, month, each tariff slice (dates, kWh, price per
 * kWh, capped marker, amount), the month's notes in words, the extra expense, the total and the status
 * when written. A month with many slices and notes flows onto a second page (or more). The caller gives
 * the texts of one language (`reimbursementJobs[lang].statement`); money through domain/format.
 */
import { linesPdf, type PdfLine } from '../export/pdf-lines';
import { formatKwh, formatMoney, formatMoneyPerKwh, formatNumber } from '../format/format';
import type { MonthResult } from './compute';
import type { ReimbursementStatus } from './statuses';

/** The statement's texts: the `statement` section of the reimbursementJobs area. */
export interface StatementTexts {
  title: string;
  company: string;
  employee: string;
  month: string;
  status: string;
  slices: string;
  tariffFrom: string;
  tariffRange: string;
  meter: string;
  capped: string;
  slice: string;
  noSlices: string;
  energyAmount: string;
  extraExpense: string;
  total: string;
  notes: string;
  uncovered: string;
  meterMissing: string;
  meterWentBack: string;
  page: string;
  statuses: Record<ReimbursementStatus, string>;
}

export interface StatementPdf {
  texts: StatementTexts;
  companyName: string;
  employeeName: string;
  /** YYYY-MM. */
  period: string;
  currency: string;
  status: ReimbursementStatus;
  result: MonthResult;
  createdAt: Date;
}

/** Characters per wrapped line at 11 pt Helvetica across the text width (a safe estimate). */
const WRAP = 90;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

/** The statement's lines: no table rows. */
type Line = Exclude<PdfLine, { kind: 'row' }>;

/** Splits a text into lines of at most `width` characters at spaces (a longer word stays whole). */
export function wrap(text: string, width = WRAP): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/** The statement's lines, in order (exported for the tests of its wording). */
export function statementLines(s: StatementPdf): Line[] {
  const t = s.texts;
  const cur = s.currency;
  const lines: Line[] = [
    { kind: 'title', text: t.title },
    { kind: 'pair', label: t.company, value: s.companyName },
    { kind: 'pair', label: t.employee, value: s.employeeName },
    { kind: 'pair', label: t.month, value: s.period },
    { kind: 'pair', label: t.status, value: t.statuses[s.status] },
    { kind: 'heading', text: t.slices },
  ];
  if (s.result.slices.length === 0) lines.push({ kind: 'text', text: t.noSlices });
  for (const slice of s.result.slices) {
    const range =
      slice.validTo === null
        ? fill(t.tariffFrom, { from: slice.validFrom })
        : fill(t.tariffRange, { from: slice.validFrom, to: slice.validTo });
    const capped = slice.appliedPricePerKwh < slice.pricePerKwh;
    lines.push({
      kind: 'pair',
      label: slice.source === 'meter' ? `${range} ${t.meter}` : range,
      value: fill(t.slice, {
        energy: formatKwh(slice.energyWh, cur),
        price: formatMoneyPerKwh(slice.appliedPricePerKwh, cur) ?? '',
        amount: formatMoney(slice.amount, cur),
      }),
    });
    if (capped)
      lines.push({
        kind: 'pair',
        label: '',
        value: `${t.capped}: ${formatMoneyPerKwh(slice.pricePerKwh, cur)} > ${formatMoneyPerKwh(slice.appliedPricePerKwh, cur)}`,
      });
  }
  const notes = s.result.notes.map((n) => {
    if (n.code === 'uncovered')
      return fill(t.uncovered, {
        energy: formatKwh(n.energyWh, cur),
        sessions: formatNumber(n.sessions, { currency: cur }),
        date: n.firstDate,
      });
    if (n.code === 'meter_missing') return fill(t.meterMissing, { station: n.homeStationId });
    return fill(t.meterWentBack, {
      station: n.homeStationId,
      opening: formatKwh(n.openingWh, cur),
      closing: formatKwh(n.closingWh, cur),
    });
  });
  if (notes.length) {
    lines.push({ kind: 'heading', text: t.notes });
    for (const note of notes) for (const part of wrap(note)) lines.push({ kind: 'text', text: part });
  }
  lines.push(
    { kind: 'heading', text: '' },
    { kind: 'pair', label: t.energyAmount, value: formatMoney(s.result.energyAmount, cur) },
    { kind: 'pair', label: t.extraExpense, value: formatMoney(s.result.extraExpense, cur) },
    { kind: 'pair', label: t.total, value: formatMoney(s.result.value, cur), bold: true },
  );
  return lines;
}

/** The statement as PDF bytes: one page, or as many as its lines need, each numbered. */
export function statementPdf(s: StatementPdf): Uint8Array<ArrayBuffer> {
  return linesPdf(statementLines(s), { title: s.texts.title, pageLabel: s.texts.page, createdAt: s.createdAt });
}
