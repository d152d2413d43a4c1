/**
 * @module The customer group overview's server side: the group, its monthly figures for a year, a page of
 * its members and the users a search finds (loader), and adding one of them to the group (action).
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { idOf } from '../../components/customer-groups/group-id';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { forbidden, requirePermission } from '../../lib/session.server';
import { PER_PAGE } from './add-member-card';

export async function loadOverview({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const id = idOf(params.userGroupId);
  const url = new URL(request.url);
  const thisYear = new Date().getUTCFullYear();
  const y = Number(url.searchParams.get('year'));
  const year = Number.isInteger(y) && y >= 2000 && y <= thisYear ? y : thisYear;
  const keyword = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const page = Math.max(0, Math.trunc(Number(url.searchParams.get('page')) || 0));
  const find = (url.searchParams.get('find') ?? '').trim().slice(0, 100);
  const one = api.client.api['customer-type'][':id'];
  const [group, overview, members, candidates] = await Promise.all([
    api.send(one.$get({ param: { id } })),
    api.send(one.overview.$get({ param: { id }, query: { year: String(year) } })),
    api.send(
      one.users.$post({ param: { id }, json: { keyword: keyword || undefined, page, items_per_page: PER_PAGE } }),
    ),
    find
      ? api.send(
          api.client.api['customer-type'].users.search.$post({
            json: { customer_group_id: Number(id), keyword: find, limit: 20 },
          }),
        )
      : null,
  ]);
  return {
    group: must(group, me).data,
    overview: must(overview, me).data,
    members: must(members, me),
    candidates: candidates ? must(candidates, me).data : null,
    year,
    thisYear,
    keyword,
    page,
    find,
  };
}

export async function addMember({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const id = idOf(params.userGroupId);
  const form = await request.formData();
  const userId = idOf(String(form.get('userId') ?? ''));
  const result = await api.send(
    api.client.api['customer-type'][':id'].users[':userId'].$put({ param: { id, userId } }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'] }, { status: result.status });
  }
  // Back to the list with the search cleared: the new member shows in it.
  const next = new URL(request.url);
  next.searchParams.delete('find');
  next.searchParams.delete('index');
  return redirect(`${next.pathname}${next.search}`, { headers: api.headers() });
}
