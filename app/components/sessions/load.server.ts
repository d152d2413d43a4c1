/** @module Loads one page of a session list from the API for the three list screens. */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';
import { filterBody, type SessionListState } from './list-state';
import type { SessionPageData } from './session-list';

export type ListScope =
  | { kind: 'network' }
  | { kind: 'connector'; id: number }
  | { kind: 'fleet' }
  | { kind: 'customer-group'; id: number };

/** The API request of a list (also used by the export route with a `format`). */
export function requestList(
  request: Request,
  context: AppLoadContext,
  scope: ListScope,
  state: SessionListState,
  format: 'json' | 'xlsx' | 'csv' | 'pdf' = 'json',
) {
  const api = createApi(request, context);
  const json = { ...filterBody(state), format };
  const client = api.client.api;
  if (scope.kind === 'connector') {
    return { api, pending: client.connectors[':id'].sessions.$post({ param: { id: String(scope.id) }, json }) };
  }
  if (scope.kind === 'customer-group') {
    const group = client['customer-type'][':id'].sessions;
    return { api, pending: group.$post({ param: { id: String(scope.id) }, json }) };
  }
  if (scope.kind === 'network') return { api, pending: client.connectors.sessions.$post({ json }) };
  const fleet = client.sessions.fleet;
  const place = state.place === 'work' ? fleet.work : state.place === 'home' ? fleet.home : fleet.roaming;
  return { api, pending: place.$post({ json }) };
}

export async function loadSessions(
  request: Request,
  context: AppLoadContext,
  me: Me,
  scope: ListScope,
  state: SessionListState,
): Promise<SessionPageData> {
  const { api, pending } = requestList(request, context, scope, state);
  let result = await api.send(pending);
  // A variant from an old link that this company may not open: show the default one instead.
  if (!result.ok && result.status === 403 && state.variant) {
    const retry = requestList(request, context, scope, { ...state, variant: null });
    result = await retry.api.send(retry.pending);
  }
  if (result.ok) {
    // The route also answers files (format xlsx, csv, pdf); a list asks for json.
    if ('columns' in result.data) return result.data;
    throw data({ message: '' }, { status: 500 });
  }
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  throw data({ message: result.error['error-msg'] }, { status: result.status === 400 ? 400 : result.status });
}
