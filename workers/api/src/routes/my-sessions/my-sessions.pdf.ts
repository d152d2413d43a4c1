/**
 * @module POST /my-sessions with format pdf (spec 7.10 "optionally blob PDF"): the caller's whole filtered
 * list through the session list's PDF writer (domain/export/pdf-sessions.ts: the same display rules,
 * sums and notes as the network and fleet exports), with the driver's price (provider perspective).
 */
import type { AppEnv } from '@api/env';
import { requestLanguage } from '@api/lib/language';
import { authOf } from '@api/middleware/permission';
import { PDF_CONTENT_TYPE } from '@domain/export/pdf';
import { generatedAt, type SessionPdfTexts, sessionPdfStream } from '@domain/export/pdf-sessions';
import { cetDateTime } from '@domain/sessions/display';
import { exportTextsIn } from '@domain/sessions/export-rows';
import type { SessionColumn } from '@domain/sessions/variants';
import { myPages } from '@i18n/areas/my-pages';
import { pdfExport } from '@i18n/areas/pdf-export';
import { sessions as sessionTexts } from '@i18n/areas/sessions';
import type { Context } from 'hono';
import { EXPORT_MAX_ROWS } from '../sessions/list/list.schemas';
import type { MySessionsFilters } from './my-sessions.schemas';
import { mySessionsAll, mySessionsCount } from './my-sessions.store';

/** The columns of the personal PDF: when, where, how much, and the driver's price. */
export const MY_PDF_COLUMNS: readonly SessionColumn[] = [
  { key: 'cdr_start', kind: 'datetime' },
  { key: 'cdr_end', kind: 'datetime' },
  { key: 'station_name', kind: 'text' },
  { key: 'station_city', kind: 'text' },
  { key: 'cdr_consumed_energy', kind: 'energy', sum: true },
  { key: 'cdr_time', kind: 'seconds', sum: true },
  { key: 'emp_price_total', kind: 'money', sum: true, party: 'emp' },
  { key: 'status', kind: 'status' },
];

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

export async function answerMyPdf(c: Context<AppEnv>, f: MySessionsFilters): Promise<Response> {
  const auth = authOf(c);
  const db = c.get('db');
  const lang = requestLanguage(c);
  const t = pdfExport[lang];
  const now = new Date();
  const total = await mySessionsCount(db, auth.user.id, f);
  const count = (n: number) => new Intl.NumberFormat(lang === 'en' ? 'en-GB' : lang).format(n);
  const filters: string[] = [];
  if (f.from || f.to)
    filters.push(
      fill(t.filter.period, {
        from: f.from ? cetDateTime(f.from, lang) : '…',
        to: f.to ? cetDateTime(f.to, lang) : '…',
      }),
    );
  if (f.station_id) filters.push(fill(t.filter.station, { name: `#${f.station_id}` }));
  if (f.status) filters.push(fill(t.filter.status, { status: sessionTexts[lang].status[f.status] }));
  const title = myPages[lang].sessions.pdfTitle;
  const time = generatedAt(now, lang);
  const owner = [auth.user.firstName, auth.user.lastName].filter(Boolean).join(' ') || auth.user.email;
  const currency = auth.company.currency ?? 'EUR';
  const texts: SessionPdfTexts = {
    ...exportTextsIn(lang),
    title,
    intro: [
      fill(t.generated, { time, company: owner }),
      filters.length ? fill(t.filters, { list: filters.join('; ') }) : myPages[lang].sessions.pdfNoFilters,
      `${t.order.desc} ${fill(t.units, { currency })}`,
    ],
    page: t.page,
    sums: sessionTexts[lang].sums,
    notes: (n) => [
      n.rows === 0 ? t.empty : fill(t.count, { count: count(n.rows) }),
      ...(total > n.rows ? [fill(t.truncated, { total: count(total), max: count(n.rows) })] : []),
      ...(n.unpriced ? [fill(t.unpriced, { count: count(n.unpriced) })] : []),
    ],
  };
  async function* records() {
    for await (const s of mySessionsAll(db, auth.user.id, f, EXPORT_MAX_ROWS))
      yield {
        id: s.id,
        pricing_status: s.pricingStatus,
        cdr_start: s.startAt.toISOString(),
        cdr_end: s.endAt?.toISOString() ?? null,
        station_name: s.stationName,
        station_city: s.stationCity,
        cdr_consumed_energy: s.energyWh,
        cdr_time: s.durationS,
        emp_price_total: s.empTotal,
        status: s.status,
      };
  }
  const stamp = now.toISOString().slice(0, 10);
  return new Response(
    sessionPdfStream(MY_PDF_COLUMNS, records(), texts, { currency, footer: `${title} · ${time}`, created: now }),
    {
      status: 200,
      headers: {
        'content-type': PDF_CONTENT_TYPE,
        'content-disposition': `attachment; filename="my-sessions-${stamp}.pdf"`,
        'x-export-rows': String(Math.min(total, EXPORT_MAX_ROWS)),
        'x-export-total': String(total),
        'cache-control': 'no-store',
      },
    },
  );
}
