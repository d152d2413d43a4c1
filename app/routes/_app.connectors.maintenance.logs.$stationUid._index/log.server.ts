/** @module The OCPP log screens' loader: GET /api/stations/{uid}/ocpp-log or /api/station-log/{stationUid}/{connectorUid}. */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from '../../lib/api.server';
import { forbidden, requirePermission } from '../../lib/session.server';

export type StationLog = InferResponseType<Api['client']['api']['stations'][':uid']['ocpp-log']['$get'], 200>;
export type StationLogRow = StationLog['data'][number];

/** The filters kept in the URL (`from` and `to` as typed, in UTC); `order` is `asc` or empty (newest first). */
export interface LogFilters {
  from: string;
  to: string;
  error: string;
  event: string;
  order: string;
}

export function readFilters(url: URL): LogFilters {
  const get = (k: string) => (url.searchParams.get(k) ?? '').trim();
  return {
    from: get('from'),
    to: get('to'),
    error: get('error'),
    event: get('event'),
    order: get('order') === 'asc' ? 'asc' : '',
  };
}

export async function loadLog(
  request: Request,
  context: AppLoadContext,
  stationUid: string,
  connectorUid: string | null,
) {
  const me = await requirePermission(request, context, 'connectors:logs');
  const filters = readFilters(new URL(request.url));
  const api = createApi(request, context);
  const query = {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.error ? { chargingpoint_error_code_id: filters.error } : {}),
    ...(filters.event ? { station_log_event_type_id: filters.event } : {}),
    ...(filters.order ? { order: filters.order } : {}),
  } as Record<string, string>;
  const result = await api.send(
    connectorUid === null
      ? api.client.api.stations[':uid']['ocpp-log'].$get({ param: { uid: stationUid }, query })
      : api.client.api['station-log'][':stationUid'][':connectorUid'].$get({
          param: { stationUid, connectorUid },
          query,
        }),
  );
  if (result.ok) return { log: result.data, filters, invalid: null };
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  if (result.status === 404) throw data({ message: result.error['error-msg'] }, { status: 404 });
  // A filter the API refuses (e.g. a date that does not exist) is shown; the filters stay as typed.
  if (result.status === 400) {
    const detail = result.error.issues?.map((i) => `${i.field}: ${i.message}`).join('; ');
    return {
      log: null,
      filters,
      invalid: detail ? `${result.error['error-msg']} ${detail}` : result.error['error-msg'],
    };
  }
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}
