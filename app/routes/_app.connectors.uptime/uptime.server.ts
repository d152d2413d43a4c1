/** @module The uptime screen's reads and changes through the API (GET /uptime, exclusions, PUT /uptime/settings). */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import type { Me } from '../../lib/session.server';

export const PAGE_SIZE = 50;

/** The screen's period as dates (YYYY-MM-DD, UTC days): by default the previous calendar month. */
export function readPeriod(url: URL, now = new Date()) {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const valid = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : null);
  const from = valid(url.searchParams.get('from')) ?? day(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = valid(url.searchParams.get('to')) ?? day(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const page = Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0);
  return { from, to, page, underTarget: url.searchParams.get('under') === '1' };
}
export type Period = ReturnType<typeof readPeriod>;

/** The API's period: from the start of `from` to the end of `to` (both days included). */
export const apiPeriod = (p: Period) => ({
  from: `${p.from}T00:00:00Z`,
  to: new Date(Date.parse(`${p.to}T00:00:00Z`) + 86_400_000).toISOString(),
});

export async function loadUptime(request: Request, context: AppLoadContext, me: Me, p: Period) {
  const api = createApi(request, context, { language: me.user.language });
  const period = apiPeriod(p);
  const [report, exclusions] = await Promise.all([
    api.send(
      api.client.api.uptime.$get({
        query: {
          ...period,
          page: String(p.page),
          items_per_page: String(PAGE_SIZE),
          ...(p.underTarget ? { under_target: 'true' as const } : {}),
        },
      }),
    ),
    api.send(api.client.api.uptime.exclusions.$get({ query: period })),
  ]);
  if (!report.ok && report.status === 400) throw data({ message: report.error['error-msg'] }, { status: 400 });
  return { report: must(report, me), exclusions: must(exclusions, me).data };
}

/** Every row of the period's table (page by page, 100 at a time), for the CSV download. */
export async function allRows(request: Request, context: AppLoadContext, me: Me, p: Period) {
  const api = createApi(request, context, { language: me.user.language });
  const rows = [];
  for (let page = 0; ; page++) {
    const answer = must(
      await api.send(
        api.client.api.uptime.$get({ query: { ...apiPeriod(p), page: String(page), items_per_page: '100' } }),
      ),
      me,
    );
    rows.push(...answer.data);
    if (rows.length >= answer.total || answer.data.length === 0) return rows;
  }
}

/** The screen's three changes; answers the API's refusal (field and message) or what was done. */
export async function change(request: Request, context: AppLoadContext, me: Me, form: FormData) {
  const api = createApi(request, context, { language: me.user.language });
  const intent = String(form.get('intent'));
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const id = (name: string) => (text(name) === '' ? null : Number(text(name)));
  const instant = (name: string) => (text(name) ? `${text(name)}:00Z` : '');
  const result =
    intent === 'delete'
      ? await api.send(api.client.api.uptime.exclusions[':id'].$delete({ param: { id: text('id') } }))
      : intent === 'threshold'
        ? await api.send(
            api.client.api.uptime.settings.$put({ json: { fault_ticket_minutes: Number(text('minutes')) } }),
          )
        : await api.send(
            api.client.api.uptime.exclusions.$post({
              json: {
                station_id: id('station_id') ?? 0,
                connector_id: id('connector_id'),
                reason: text('reason') as 'grid_outage',
                note: text('note') || null,
                starts_at: instant('starts_at'),
                ends_at: instant('ends_at'),
              },
            }),
          );
  if (result.ok) return { intent, ok: true as const, field: null, error: null };
  if (result.status === 403) must(result, me);
  return { intent, ok: false as const, field: result.error.field ?? null, error: result.error['error-msg'] };
}
