/**
 * @module The connector group page's server side: the group, a page of its connectors, its totals and
 * sessions, and the connectors a search finds (loader); adding, removing connectors and deleting the group (action).
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { searchPage } from '../../components/groups/search-and-link';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { forbidden, requirePermission } from '../../lib/session.server';
import { CANDIDATES_PAGE, CONNECTORS_PAGE, SESSIONS_PAGE } from './paging';

const int = (v: string | null, max = 100_000) => {
  const n = Number(v ?? '0');
  return Number.isInteger(n) && n >= 0 && n < max ? n : 0;
};

export async function loadConnectorGroup({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const id = String(int(params.id ?? '', 2 ** 31));
  const url = new URL(request.url);
  const state = {
    page: int(url.searchParams.get('page')),
    spage: int(url.searchParams.get('spage')),
    q: (url.searchParams.get('q') ?? '').slice(0, 100),
    add: (url.searchParams.get('add') ?? '').slice(0, 100),
    addPage: searchPage(url, 'add'),
  };
  const canEdit = me.permissions.includes('stations:edit');
  const api = createApi(request, context, { language: me.user.language });
  const group = api.client.api.groups[':id'];
  const [detail, totals, sessions, candidates] = await Promise.all([
    api.send(
      group.$get({
        param: { id },
        query: {
          page: String(state.page),
          items_per_page: String(CONNECTORS_PAGE),
          ...(state.q ? { keyword: state.q } : {}),
        },
      }),
    ),
    api.send(group.totals.$get({ param: { id } })),
    api.send(
      group.sessions.$get({
        param: { id },
        query: { page: String(state.spage), items_per_page: String(SESSIONS_PAGE) },
      }),
    ),
    canEdit && state.add
      ? api.send(
          api.client.api.connectors.$post({
            json: { keyword: state.add, page: state.addPage, items_per_page: CANDIDATES_PAGE },
          }),
        )
      : Promise.resolve(null),
  ]);
  return {
    ...must(detail, me),
    totals: must(totals, me),
    sessions: must(sessions, me),
    candidates: candidates ? must(candidates, me) : null,
    state,
    canEdit,
    language: me.user.language,
    timeZone: me.company.timeZone,
  };
}

export async function runGroupAction({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const id = String(int(params.id ?? '', 2 ** 31));
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = createApi(request, context, { language: me.user.language });
  const ids = form
    .getAll('connector_id')
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);
  let result: Awaited<ReturnType<typeof api.read>>;
  if (intent === 'delete') {
    result = await api.read(await api.client.api.tags[':id'].$delete({ param: { id } }));
    if (result.ok) return redirect('/connectors/groups', { headers: api.headers() });
  } else if (intent === 'remove') {
    result = await api.read(
      await api.client.api.tags[':id'].$put({ param: { id }, json: { remove_connector_ids: ids } }),
    );
  } else if (intent === 'add') {
    if (ids.length === 0) return data({ intent, error: 'none' as const, added: 0 }, { status: 400 });
    result = await api.read(
      await api.client.api.connectors['add-group'].$post({ json: { group_id: Number(id), connector_ids: ids } }),
    );
  } else {
    return data({ intent, error: 'unknown' as const, added: 0 }, { status: 400 });
  }
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ intent, error: result.error['error-msg'], added: 0 }, { status: result.status });
  }
  return data({ intent, error: null, added: intent === 'add' ? ids.length : 0 }, { headers: api.headers() });
}
