/** @module The revenue reports screen's reads and its "Generate now" through the API (GET/POST /revenue-reports). */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import type { Me } from '../../lib/session.server';

export const PAGE_SIZE = 25;
const PERIOD = /^\d{4}-(\d{2}|Q[1-4])$/;

/**
 * The list's filters from the URL: kind, period (YYYY-MM or YYYY-Qn) and company id; the report e-mail's link
 * (`?company_id=…&period=…`) lands on its report. A malformed value is dropped, not sent.
 */
export function readFilters(url: URL) {
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const kind = get('kind');
  const period = get('period').toUpperCase();
  const companyId = get('company_id');
  return {
    kind: (kind === 'month' || kind === 'quarter' ? kind : '') as 'month' | 'quarter' | '',
    period: PERIOD.test(period) ? period : '',
    companyId: /^[1-9]\d{0,9}$/.test(companyId) ? companyId : '',
    page: Math.max(0, Number.parseInt(get('page') || '0', 10) || 0),
  };
}
export type Filters = ReturnType<typeof readFilters>;

export async function loadReports(request: Request, context: AppLoadContext, me: Me, f: Filters) {
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api['revenue-reports'].$get({
      query: {
        page: String(f.page),
        items_per_page: String(PAGE_SIZE),
        ...(f.kind ? { kind: f.kind } : {}),
        ...(f.period ? { period: f.period } : {}),
        ...(f.companyId ? { company_id: f.companyId } : {}),
      },
    }),
  );
  return must(result, me);
}

/** "Generate now": the API's report (created, existing or failed) or its refusal with the field at fault. */
export async function generate(request: Request, context: AppLoadContext, me: Me, form: FormData) {
  const api = createApi(request, context, { language: me.user.language });
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const companyId = Number(text('company_id'));
  const result = await api.send(
    api.client.api['revenue-reports'].$post({
      json: {
        company_id: Number.isInteger(companyId) && companyId > 0 ? companyId : 0,
        period_kind: text('period_kind') === 'quarter' ? 'quarter' : 'month',
        period: text('period').toUpperCase().slice(0, 10),
      },
    }),
  );
  if (result.ok) {
    const report = result.data;
    return report.status === 'failed'
      ? { ok: false as const, field: null, error: report.error ?? '', report }
      : { ok: true as const, field: null, error: null, report };
  }
  if (result.status === 403) must(result, me);
  return { ok: false as const, field: result.error.field ?? null, error: result.error['error-msg'], report: null };
}
