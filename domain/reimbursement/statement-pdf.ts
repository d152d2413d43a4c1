/**
 * @module One employee's monthly home reimbursement statement as an A4 PDF (issue 19 part 5, ADR 046),
 * pure, written with the sessions export's PDF writer (domain/export/pdf.ts: standard Helvetica,
 * WinAnsi text) like the QR receipt: company, employee, month, each tariff slice (dates, kWh, price per
 * kWh, capped marker, amount), the month's notes in words, the extra expense, the total and the status
 * when written. A month with many slices and notes flows onto a second page (or more). The caller gives
 * the texts of one language (`reimbursementJobs[lang].statement`); money through domain/format.
 */
import { bytesOf, PdfWriter, pdfDate, pdfLiteral, winAnsi } from '../export/pdf';
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

const A4 = { width: 595, height: 842 };
const TOP = A4.height - 72;
const BOTTOM = 72;
/** Characters per wrapped line at 11 pt Helvetica across the text width (a safe estimate). */
const WRAP = 90;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

type Line =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'pair'; label: string; value: string; bold?: boolean }
  | { kind: 'text'; text: string };

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

const HEIGHT: Record<Line['kind'], number> = { title: 36, heading: 26, pair: 18, text: 15 };

/** The statement as PDF bytes: one page, or as many as its lines need, each numbered. */
export function statementPdf(s: StatementPdf): Uint8Array<ArrayBuffer> {
  const pagesText: string[] = [];
  let text = '';
  let y = TOP;
  for (const line of statementLines(s)) {
    if (y - HEIGHT[line.kind] < BOTTOM) {
      pagesText.push(text);
      text = '';
      y = TOP;
    }
    if (line.kind === 'title') {
      text += `BT /F2 16 Tf 56 ${y} Td ${pdfLiteral(winAnsi(line.text))} Tj ET\n`;
      y -= HEIGHT.title;
    } else if (line.kind === 'heading') {
      y -= HEIGHT.heading - 14;
      if (line.text) text += `BT /F2 12 Tf 56 ${y} Td ${pdfLiteral(winAnsi(line.text))} Tj ET\n`;
      y -= 14;
    } else if (line.kind === 'pair') {
      const font = line.bold ? '/F2' : '/F1';
      if (line.label) text += `BT /F2 10 Tf 56 ${y} Td ${pdfLiteral(winAnsi(line.label))} Tj ET\n`;
      text += `BT ${font} 10 Tf 260 ${y} Td ${pdfLiteral(winAnsi(line.value))} Tj ET\n`;
      y -= HEIGHT.pair;
    } else {
      text += `BT /F1 10 Tf 56 ${y} Td ${pdfLiteral(winAnsi(line.text))} Tj ET\n`;
      y -= HEIGHT.text;
    }
  }
  pagesText.push(text);

  const chunks: Uint8Array[] = [];
  const pdf = new PdfWriter((c) => chunks.push(c));
  const [catalog, pages, regular, bold, info] = Array.from({ length: 5 }, () => pdf.reserve()) as number[] as [
    number,
    number,
    number,
    number,
    number,
  ];
  const pageIds = pagesText.map(() => [pdf.reserve(), pdf.reserve()] as const);
  pdf.object(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  pdf.object(
    pages,
    `<< /Type /Pages /Kids [${pageIds.map(([p]) => `${p} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
  );
  pagesText.forEach((body, i) => {
    const [page, content] = pageIds[i] as readonly [number, number];
    const footer = fill(s.texts.page, { page: i + 1, pages: pagesText.length });
    pdf.object(
      page,
      `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Contents ${content} 0 R /Resources << /ProcSet [/PDF /Text] /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
    );
    pdf.stream(content, bytesOf(`${body}BT /F1 8 Tf 56 40 Td ${pdfLiteral(winAnsi(footer))} Tj ET\n`));
  });
  pdf.object(regular, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pdf.object(bold, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pdf.object(info, `<< /Title ${pdfLiteral(winAnsi(s.texts.title))} /CreationDate (${pdfDate(s.createdAt)}) >>`);
  pdf.finish(catalog, info);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
