/** @module GET /api/connectors/{id} for the connector detail page. */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';

export type ConnectorDetail = InferResponseType<Api['client']['api']['connectors'][':id']['$get'], 200>;

export async function loadConnector(request: Request, context: AppLoadContext, me: Me, id: string) {
  const api = createApi(request, context);
  const result = await api.send(api.client.api.connectors[':id'].$get({ param: { id } }));
  if (result.ok) return result.data;
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  if (result.status === 404 || result.status === 400) {
    throw data({ message: result.error['error-msg'] }, { status: 404 });
  }
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}

export type StationDetail = InferResponseType<Api['client']['api']['stations'][':id']['detail']['$get'], 200>;
export type ConnectorTotals = InferResponseType<
  Api['client']['api']['connectors'][':id']['total-local-stats']['$get'],
  200
>;

/** The station's full fields, the connector's totals and latest sessions; each may be missing, never fatal. */
export async function loadDetailExtras(request: Request, context: AppLoadContext, id: number, stationId: number) {
  const api = createApi(request, context);
  const param = { id: String(id) };
  const [station, totals, recent] = await Promise.all([
    api.send(api.client.api.stations[':id'].detail.$get({ param: { id: String(stationId) } })),
    api.send(api.client.api.connectors[':id']['total-local-stats'].$get({ param })),
    api.send(api.client.api.connectors[':id']['recent-sessions'].$get({ param, query: { limit: '10' } })),
  ]);
  return {
    station: station.ok ? station.data : null,
    totals: totals.ok ? totals.data : null,
    sessions: recent.ok ? recent.data.data : [],
  };
}

/** An OCPP 2.0.1 station's device model page (`dm_component`, `dm_page` in the URL); null when it cannot be read. */
export async function loadDeviceModel(request: Request, context: AppLoadContext, uid: string) {
  const url = new URL(request.url);
  const api = createApi(request, context);
  const component = url.searchParams.get('dm_component');
  const page = Math.max(0, Math.floor(Number(url.searchParams.get('dm_page')) || 0));
  const query = { page: String(page), items_per_page: '25', ...(component ? { component } : {}) };
  const result = await api.send(api.client.api.stations[':uid']['device-model'].$get({ param: { uid }, query }));
  return result.ok ? result.data : null;
}

/** Asks the station for its base report; what it answered, or the API's message. */
export async function requestDeviceModelReport(request: Request, context: AppLoadContext, uid: string) {
  const api = createApi(request, context);
  const result = await api.send(
    api.client.api.stations[':uid']['device-model'].report.$post({ param: { uid }, json: {} }),
  );
  return result.ok
    ? { intent: 'device-model-report' as const, ok: true as const, status: result.data.status }
    : { intent: 'device-model-report' as const, ok: false as const, message: result.error['error-msg'] };
}
