/** @module Asks POST /api/connectors, GET /api/station-cities, the filter options and the connector groups (GET /api/tags). */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';
import { apiFilters, type ListState, PAGE_SIZE } from './list-state';

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
  uid: string;
  station: { id: number; uid: string; name: string; city: string | null; address: string | null; operatorName: string };
}

export interface FilterOptions {
  operators: { id: number; name: string }[];
  owners: { id: number; name: string }[];
  groups: { id: number; name: string; level: number }[];
}

/** Connector groups offered by the group filter and the bulk actions (the first 100 by name). */
export const GROUP_CHOICES = 100;

export async function loadList(request: Request, context: AppLoadContext, me: Me, state: ListState) {
  const api = createApi(request, context);
  const [rows, cities, options, tags, companyGroups] = await Promise.all([
    api.send(
      api.client.api.connectors.$post({
        json: {
          page: state.page,
          items_per_page: PAGE_SIZE,
          ...apiFilters(state),
        },
      }),
    ),
    api.send(api.client.api['station-cities'].$get()),
    api.send(api.client.api.connectors.filter.$get()),
    api.send(api.client.api.tags.$get({ query: { items_per_page: String(GROUP_CHOICES), page: '0' } })),
    api.send(api.client.api.reference['company-groups'].$get()),
  ]);
  for (const result of [rows, cities, options, tags]) {
    if (result.ok) continue;
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    if (result.status === 400) break;
    throw data({ status: result.status }, { status: Math.max(result.status, 500) });
  }
  return {
    rows: rows.ok ? rows.data.data : [],
    total: rows.ok ? rows.data.total : 0,
    cities: cities.ok ? cities.data.data.map((c) => c.name) : [],
    options: options.ok ? options.data : { operators: [], owners: [], groups: [] },
    tags: tags.ok ? tags.data.data.map((g) => ({ id: g.id, name: g.name, connectorCount: g.connectorCount })) : [],
    tagTotal: tags.ok ? tags.data.total : 0,
    companyGroups: companyGroups.ok ? companyGroups.data : undefined,
  };
}
