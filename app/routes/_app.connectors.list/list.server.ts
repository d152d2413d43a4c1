/** @module Asks POST /api/connectors and GET /api/station-cities. */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';
import { type ListState, PAGE_SIZE, type POWER_TYPES } from './list-state';

export interface ConnectorRow {
  id: number;
  evseId: string | null;
  status: string;
  bucket: string;
  errorCode: string | null;
  statusChangedAt: string | null;
  maxPowerKw: number | null;
  plugType: string | null;
  powerType: string | null;
  station: { id: number; uid: string; name: string; city: string | null; operatorName: string };
}

export async function loadList(request: Request, context: AppLoadContext, me: Me, state: ListState) {
  const api = createApi(request, context);
  const [rows, cities] = await Promise.all([
    api.send<{ data: ConnectorRow[]; total: number }>(
      api.client.api.connectors.$post({
        json: {
          page: state.page,
          items_per_page: PAGE_SIZE,
          sort: state.sort,
          direction: state.direction,
          ...(state.q ? { keyword: state.q } : {}),
          ...(state.status.length ? { status: state.status } : {}),
          ...(state.city.length ? { city: state.city } : {}),
          ...(state.power ? { power_type: state.power as (typeof POWER_TYPES)[number] } : {}),
        },
      }),
    ),
    api.send<{ data: { name: string }[] }>(api.client.api['station-cities'].$get()),
  ]);
  for (const result of [rows, cities]) {
    if (result.ok) continue;
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    if (result.status === 400) break;
    throw data({ status: result.status }, { status: Math.max(result.status, 500) });
  }
  return {
    rows: rows.ok ? rows.data.data : [],
    total: rows.ok ? rows.data.total : 0,
    cities: cities.ok ? cities.data.data.map((c) => c.name) : [],
  };
}
