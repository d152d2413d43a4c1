/**
 * @module Server side of the reimbursement lists (the manager's list and an employee's months): the page of
 * reimbursements for the URL's state, and the bulk approve / reject action (POST /reimbursement/bulk).
 */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { forbidden, type Me } from '../../lib/session.server';
import type { BulkOutcome } from './reimbursement-list';
import { listQuery, reimbursementListUrl } from './reimbursement-list-url';

export async function loadReimbursementPage(request: Request, context: AppLoadContext, me: Me, userId?: number) {
  const state = reimbursementListUrl.read(new URL(request.url).searchParams);
  const api = createApi(request, context, { language: me.user.language });
  const page = must(
    await api.send(api.client.api['fleet-reimbursement'].$get({ query: listQuery(state, userId) })),
    me,
  );
  return { state, rows: page.data, total: page.total, totals: page.totals };
}

export async function bulkFromForm(request: Request, context: AppLoadContext, me: Me, form: FormData) {
  const status = String(form.get('status') ?? '');
  const ids = String(form.get('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const note = String(form.get('note') ?? '').trim();
  if ((status !== 'validated_by_manager' && status !== 'rejected') || ids.length === 0)
    return data<BulkOutcome>({ intent: 'bulk', ok: false, error: '' }, { status: 400 });
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.reimbursement.bulk.$post({ json: { ids, status, ...(note ? { note } : {}) } }),
  );
  if (result.ok) return data<BulkOutcome>({ intent: 'bulk', ok: true, answer: result.data });
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  return data<BulkOutcome>({ intent: 'bulk', ok: false, error: result.error['error-msg'] }, { status: result.status });
}
