/** @module The onboarding form's server side: create from template, retry a step, change the commissioning status. */

import { readStationAddress } from '@domain/stations/address';
import { data } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from '../../lib/api.server';
import type { Me } from '../../lib/session.server';
import { forbidden } from '../../lib/session.server';

export type Created = InferResponseType<Api['client']['api']['stations']['create-from-template']['$post'], 201>;
export type OnboardingState = InferResponseType<Api['client']['api']['stations'][':uid']['onboarding']['$get'], 200>;

/** The form's own fields; the address and coordinates are read by `readStationAddress`. */
export const FIELDS = ['ocppId', 'name', 'serialNumber', 'installationDate'] as const;

type Errors = Record<string, string>;

export async function createStation(
  request: Request,
  context: never,
  me: Me,
  mode: 'online' | 'offline',
  form: FormData,
) {
  const value = (name: string) => String(form.get(name) ?? '').trim();
  const body: Record<string, unknown> = { mode, templateId: Number(value('templateId')) || 0 };
  for (const name of FIELDS) {
    if (name === 'ocppId' && mode === 'offline') continue;
    const v = value(name);
    if (name === 'installationDate') body[name] = v || null;
    else body[name] = v;
  }
  Object.assign(body, readStationAddress(form));
  if (value('companyId')) body.companyId = Number(value('companyId'));
  body.ownerId = value('ownerId') ? Number(value('ownerId')) : null;
  body.type = value('type') || 'public';
  body.visibleInApp = form.get('visibleInApp') === 'on';
  body.openToPublic = form.get('openToPublic') === 'on';
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.send(api.client.api.stations['create-from-template'].$post({ json: body as never }));
  if (res.ok)
    return { intent: 'create' as const, ok: true as const, created: res.data, errors: {} as Errors, message: null };
  if (res.status === 403) forbidden(me, res.error['error-msg']);
  const errors: Errors = {};
  for (const issue of res.error.issues ?? []) errors[issue.field] ??= issue.message;
  if (res.error.field && !errors[res.error.field]) errors[res.error.field] = res.error['error-msg'];
  return data(
    { intent: 'create' as const, ok: false as const, created: null, errors, message: res.error['error-msg'] },
    { status: res.status === 404 || res.status === 409 ? res.status : 400 },
  );
}

/** Retry peering or publish, or change the commissioning status; answers the state to show and the API's message. */
export async function stepAction(request: Request, context: never, me: Me, form: FormData) {
  const api = createApi(request, context, { language: me.user.language });
  const uid = String(form.get('uid') ?? '');
  const intent = String(form.get('intent') ?? '');
  let message: string | null = null;
  if (intent === 'retry') {
    const step = String(form.get('step')) === 'publish' ? 'publish' : 'peering';
    const res = await api.send(api.client.api.stations[':uid'].onboarding[':step'].$post({ param: { uid, step } }));
    if (!res.ok) {
      if (res.status === 403) forbidden(me, res.error['error-msg']);
      message = res.error['error-msg'];
    }
  } else if (intent === 'commissioning') {
    const res = await api.send(
      api.client.api.stations[':id']['type-status'].$put({
        param: { id: String(form.get('stationId') ?? '') },
        json: { status: String(form.get('status')) as never },
      }),
    );
    if (!res.ok) {
      if (res.status === 403) forbidden(me, res.error['error-msg']);
      message = res.error['error-msg'];
    }
  }
  const state = await api.send(api.client.api.stations[':uid'].onboarding.$get({ param: { uid } }));
  if (!state.ok) throw data({ message: state.error['error-msg'] }, { status: state.status === 404 ? 404 : 500 });
  return { intent, ok: message === null, state: state.data, message };
}
