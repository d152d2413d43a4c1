/**
 * @module The maintenance page's station cards, server side (issue 23 blocks H and B09, ADR 058 addendum):
 * the station's reservations (connectors:command:advanced), a new reservation (ReserveNow), its
 * cancellation (CancelReservation) and an OCPP 2.0.1 network profile (SetNetworkProfile), each forwarded
 * to the API's command route, whose answer (the station's own, or why nothing was sent) comes back as is.
 */
import type { AppLoadContext } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from './api.server';
import type { Me } from './session.server';
import { requestOf, STATION_CARD_INTENTS, type StationCardIntent } from './station-card-requests';

export type StationReservations = InferResponseType<
  Api['client']['api']['stations'][':uid']['reservations']['$get'],
  200
>;

/** The station's reservations for a user who may make them; null otherwise or when they could not be read. */
export async function loadReservations(api: Api, me: Me, uid: string): Promise<StationReservations | null> {
  if (!me.permissions.includes('connectors:command:advanced')) return null;
  const result = await api.send(api.client.api.stations[':uid'].reservations.$get({ param: { uid } }));
  return result.ok ? result.data : null;
}

/** What a station card shows after its command. */
export type { StationCardIntent };

export interface StationCardOutcome {
  id: string;
  kind: StationCardIntent;
  /** The station answered (the API said 200); `succeeded` says whether it did what was asked. */
  answered: boolean;
  succeeded: boolean;
  replyStatus: string | null;
  /** The API's message (a field's validation text first) when no answer came. */
  message: string | null;
}

/** Runs a station card's intent (`intent` in the form, `stationUid`); null for other intents. */
export async function runStationCard(
  request: Request,
  context: AppLoadContext,
  me: Me,
  form: FormData,
): Promise<StationCardOutcome | null> {
  const kind = form.get('intent');
  if (!STATION_CARD_INTENTS.includes(kind as StationCardIntent)) return null;
  const intent = kind as StationCardIntent;
  const api = createApi(request, context, { language: me.user.language });
  const { action, json } = requestOf(intent, form, new Date());
  const uid = String(form.get('stationUid') ?? '').trim();
  const result = await api.send(
    api.client.api.stations[':uid'].commands[':action'].$post({ param: { uid, action }, query: {}, json }),
  );
  return {
    id: crypto.randomUUID(),
    kind: intent,
    answered: result.ok,
    succeeded: result.ok && result.data.succeeded,
    replyStatus: result.ok ? result.data.status : null,
    message: result.ok ? null : result.error.issues?.[0]?.message || result.error['error-msg'] || null,
  };
}
