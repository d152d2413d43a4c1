/**
 * @module The move-stations page's server side: a page of the stations the caller may move or hide
 * (loader), and moving them to another operator or owner, or hiding and showing them (action).
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from '../../lib/api.server';
import { forbidden, requireUser } from '../../lib/session.server';
import { PAGE_SIZE } from './paging';

type StationPage = InferResponseType<Api['client']['api']['stations']['movable']['$get'], 200>;

export async function loadMovableStations({ request, context }: LoaderFunctionArgs) {
  const me = await requireUser(request, context);
  const canMove = me.permissions.includes('stations:move');
  const canHide = me.permissions.includes('stations:hide');
  if (!canMove && !canHide) forbidden(me);
  const url = new URL(request.url);
  const keyword = url.searchParams.get('keyword')?.trim() ?? '';
  const page = Math.max(0, Number(url.searchParams.get('page')) || 0);
  const query = { page: String(page), items_per_page: String(PAGE_SIZE), ...(keyword ? { keyword } : {}) };
  const api = createApi(request, context);
  const empty: StationPage = { data: [], total: 0, page, items_per_page: PAGE_SIZE };
  const [stations, targets, hidden] = await Promise.all([
    canMove ? api.send(api.client.api.stations.movable.$get({ query })) : null,
    canMove ? api.send(api.client.api.stations['move-targets'].$get()) : null,
    canHide ? api.send(api.client.api.stations.hidden.$get({ query: { page: '0', items_per_page: '100' } })) : null,
  ]);
  return {
    keyword,
    page,
    stations: stations?.ok ? stations.data : empty,
    targets: targets?.ok ? targets.data.data : [],
    hidden: hidden?.ok ? hidden.data : empty,
    canMove,
    canHide,
    canUnhide: me.permissions.includes('stations:unhide'),
  };
}

export async function moveStations({ request, context }: ActionFunctionArgs) {
  const me = await requireUser(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const api = createApi(request, context, { language: me.user.language });
  const ids = String(form.get('ids') ?? '')
    .split(',')
    .filter(Boolean);
  let res: Awaited<ReturnType<Api['send']>>;
  if (intent === 'move') {
    res = await api.send(
      api.client.api.stations.move.$post({
        json: {
          stationIds: ids.map(Number),
          targetCompanyId: Number(form.get('target')),
          confirm: form.get('confirm') === 'yes',
        },
      }),
    );
  } else if (intent === 'hide' || intent === 'unhide') {
    res = await api.send(api.client.api.stations.hide.$post({ json: { uids: ids, hidden: intent === 'hide' } }));
  } else {
    throw data({ message: 'Unknown action' }, { status: 400 });
  }
  if (res.ok) return { ok: true, intent, count: ids.length, message: null };
  if (res.status === 403) forbidden(me, res.error['error-msg']);
  return data({ ok: false, intent, count: 0, message: res.error['error-msg'] }, { status: res.status });
}
