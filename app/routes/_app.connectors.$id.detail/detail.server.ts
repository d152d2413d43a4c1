/** @module GET /api/connectors/{id} for the connector detail page. */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';

export type ConnectorDetail = InferResponseType<Api['client']['api']['connectors'][':id']['$get'], 200>;

export async function loadConnector(request: Request, context: AppLoadContext, me: Me, id: string) {
  const api = createApi(request, context);
  const result = await api.send<ConnectorDetail>(api.client.api.connectors[':id'].$get({ param: { id } }));
  if (result.ok) return result.data;
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  if (result.status === 404 || result.status === 400) {
    throw data({ message: result.error['error-msg'] }, { status: 404 });
  }
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}
