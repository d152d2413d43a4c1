/**
 * @module An employee's home stations for a page's loader (issue 19 part 2), and the card's actions
 * (create, switch offline/online, delete) sent to the API as the caller: the API decides who may.
 */
import type { AppLoadContext } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from './api.server';
import { must } from './fleet.server';
import { requirePermission } from './session.server';

type ListGet = Api['client']['api']['users'][':userId']['stations']['$get'];
export type HomeStation = InferResponseType<ListGet, 200>['data'][number];

/** The employee's live home stations (404 page for a user the caller may not reach). */
export async function loadHomeStations(
  request: Request,
  context: AppLoadContext,
  userId: number,
): Promise<HomeStation[]> {
  const me = await requirePermission(request, context, 'personal:home-reimbursement');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.users[':userId'].stations.$get({ param: { userId: String(userId) }, query: {} }),
  );
  return must(result, me).data;
}

export interface HomeStationAnswer {
  intent: 'create' | 'toggle' | 'delete';
  ok: boolean;
  error?: string;
  field?: string;
}

/** One of the card's actions, by its `intent`; answers what the card shows (a toast, or the field refused). */
export async function homeStationAction(
  request: Request,
  context: AppLoadContext,
  userId: number,
): Promise<{ answer: HomeStationAnswer; status: number }> {
  const me = await requirePermission(request, context, 'personal:home-reimbursement');
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const user = api.client.api.users[':userId'].stations;
  const param = { userId: String(userId) };
  const stationParam = { ...param, stationId: String(form.get('stationId') ?? '') };
  const pending =
    intent === 'create'
      ? user.$post({
          param,
          json: {
            name: String(form.get('name') ?? ''),
            stationUid: String(form.get('stationUid') ?? '').trim() || null,
            isOffline: form.get('isOffline') === 'true',
            meterSerial: String(form.get('meterSerial') ?? '').trim() || null,
          },
        })
      : intent === 'toggle'
        ? user[':stationId'].$put({ param: stationParam, json: { isOffline: form.get('isOffline') === 'true' } })
        : intent === 'delete'
          ? user[':stationId'].$delete({ param: stationParam })
          : null;
  if (!pending) return { answer: { intent: 'create', ok: false, error: '' }, status: 400 };
  const result = await api.send(pending);
  const known = intent as HomeStationAnswer['intent'];
  if (result.ok) return { answer: { intent: known, ok: true }, status: 200 };
  return {
    answer: { intent: known, ok: false, error: result.error['error-msg'], field: result.error.field },
    status: result.status,
  };
}
