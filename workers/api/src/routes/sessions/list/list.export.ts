/**
 * @module The file answers of a session list (`format` xlsx, csv or pdf, spec 7.15 "exportPdf gives
 * blob"): the whole filtered list (up to EXPORT_MAX_ROWS rows) in the screen's order, streamed chunk by
 * chunk, with the same columns and display rules as the page. The PDF adds the filter summary and
 * generation time on its first page and the column sums at the end.
 */
import type { AppEnv } from '@api/env';
import { requestLanguage } from '@api/lib/language';
import { authOf } from '@api/middleware/permission';
import { CSV_CONTENT_TYPE, csvStream } from '@domain/export/csv';
import { PDF_CONTENT_TYPE } from '@domain/export/pdf';
import { generatedAt, type SessionPdfTexts, sessionPdfStream } from '@domain/export/pdf-sessions';
import { XLSX_CONTENT_TYPE, xlsxStream } from '@domain/export/xlsx';
import { cetDateTime } from '@domain/sessions/display';
import { exportCells, exportColumns, exportTextsIn } from '@domain/sessions/export-rows';
import type { SessionColumn } from '@domain/sessions/variants';
import { pdfExport } from '@i18n/areas/pdf-export';
import { sessions as sessionTexts } from '@i18n/areas/sessions';
import type { Language } from '@i18n/languages';
import type { Context } from 'hono';
import type { Scope, SessionQuery } from '../sessions.store';
import { exportRows, stationNameInScope } from './list.export.store';
import { sortKeyOf } from './list.plan.store';
import { EXPORT_MAX_ROWS, type SessionFiltersInput } from './list.schemas';
import { listSums } from './list.sums.store';

/** Answers a list call with the XLSX or CSV of the whole filtered list. */
export async function answerExport(
  c: Context<AppEnv>,
  filters: SessionFiltersInput,
  q: SessionQuery,
  scope: Scope,
  cols: readonly SessionColumn[],
): Promise<Response> {
  const d1 = c.env.DB;
  const { total } = await listSums(d1, scope, q);
  const t = exportTextsIn(requestLanguage(c));
  const header = exportColumns(cols, t);
  async function* rows() {
    for await (const row of exportRows(d1, scope, q, EXPORT_MAX_ROWS, filters.demo)) yield exportCells(row, cols, t);
  }
  const stamp = new Date().toISOString().slice(0, 10);
  const xlsx = filters.format === 'xlsx';
  const body = xlsx
    ? xlsxStream(header, rows(), { sheetName: `Sessions ${stamp}` })
    : csvStream(header, rows(), { separator: ';' });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': xlsx ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE,
      'content-disposition': `attachment; filename="sessions-${q.variant}-${stamp}.${filters.format}"`,
      'x-export-rows': String(Math.min(total, EXPORT_MAX_ROWS)),
      'x-export-total': String(total),
      'cache-control': 'no-store',
    },
  });
}

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

const count = (n: number, lang: Language) => new Intl.NumberFormat(lang === 'en' ? 'en-GB' : lang).format(n);

/** The filter summary of the first page, in the caller's language. */
async function filterLines(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  demo: boolean,
  lang: Language,
): Promise<string> {
  const t = pdfExport[lang];
  const s = sessionTexts[lang];
  const parts: string[] = [];
  if (q.from || q.to)
    parts.push(
      fill(t.filter.period, {
        from: q.from ? cetDateTime(q.from, lang) : '…',
        to: q.to ? cetDateTime(q.to, lang) : '…',
      }),
    );
  if (q.place) parts.push(fill(t.filter.place, { place: s.place[q.place] }));
  if (q.station_id) {
    // The name only of a station in the caller's scope; an id from elsewhere stays an id.
    const name = await stationNameInScope(d1, scope, q.station_id);
    parts.push(fill(t.filter.station, { name: name === null ? `#${q.station_id}` : `${name} (#${q.station_id})` }));
  }
  if (q.connector_id) parts.push(fill(t.filter.connector, { id: q.connector_id }));
  if (q.group_id) parts.push(fill(t.filter.group, { id: q.group_id }));
  if (q.user_id) parts.push(fill(t.filter.user, { id: q.user_id }));
  if (q.corporate_group_id) parts.push(fill(t.filter.corporateGroup, { id: q.corporate_group_id }));
  if (q.status) parts.push(fill(t.filter.status, { status: s.status[q.status] }));
  if (q.needs_revision !== undefined)
    parts.push(fill(t.filter.needsRevision, { value: q.needs_revision ? s.yes : s.no }));
  if (q.keyword) parts.push(fill(t.filter.keyword, { keyword: q.keyword }));
  if (demo) parts.push(t.filter.demo);
  return parts.length ? fill(t.filters, { list: parts.join('; ') }) : t.noFilters;
}

/** The order of the rows, as on the screen: the start (newest or oldest first) or the sorted column. */
function orderLine(q: SessionQuery, lang: Language): string {
  const t = pdfExport[lang];
  const key = sortKeyOf(q);
  if (key === 'cdr_start') return t.order[q.direction];
  const column = (sessionTexts[lang].col as Record<string, string>)[key] ?? key;
  return fill(t.orderBy[q.direction], { column });
}

/** Answers a list call with the PDF of the whole filtered list (up to EXPORT_MAX_ROWS rows). */
export async function answerPdf(
  c: Context<AppEnv>,
  filters: SessionFiltersInput,
  q: SessionQuery,
  scope: Scope,
  columns: readonly SessionColumn[],
): Promise<Response> {
  const d1 = c.env.DB;
  const auth = authOf(c);
  const lang = requestLanguage(c);
  const t = pdfExport[lang];
  const currency = auth.company.currency ?? 'EUR';
  const now = new Date();
  const [{ total }, filterLine] = await Promise.all([
    listSums(d1, scope, q),
    filterLines(d1, scope, q, filters.demo, lang),
  ]);
  const rows = Math.min(total, EXPORT_MAX_ROWS);
  const hidesParties = columns.some((col) => col.party && col.party !== 'emp');
  const title = fill(t.title, { variant: sessionTexts[lang].variant[q.variant] });
  const time = generatedAt(now, lang);
  const texts: SessionPdfTexts = {
    ...exportTextsIn(lang),
    title,
    intro: [
      fill(t.generated, { time, company: auth.company.name }),
      filterLine,
      `${orderLine(q, lang)} ${fill(t.units, { currency })}`,
    ],
    page: t.page,
    sums: sessionTexts[lang].sums,
    notes: (n) => [
      n.rows === 0 ? t.empty : fill(t.count, { count: count(n.rows, lang) }),
      ...(total > n.rows ? [fill(t.truncated, { total: count(total, lang), max: count(n.rows, lang) })] : []),
      ...(n.unpriced ? [fill(t.unpriced, { count: count(n.unpriced, lang) })] : []),
      ...(n.qr && hidesParties ? [t.qr] : []),
    ],
  };
  const stamp = now.toISOString().slice(0, 10);
  const body = sessionPdfStream(columns, exportRows(d1, scope, q, EXPORT_MAX_ROWS, filters.demo), texts, {
    currency,
    footer: `${title} · ${time}`,
    created: now,
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': PDF_CONTENT_TYPE,
      'content-disposition': `attachment; filename="sessions-${q.variant}-${stamp}.pdf"`,
      'x-export-rows': String(rows),
      'x-export-total': String(total),
      'cache-control': 'no-store',
    },
  });
}
