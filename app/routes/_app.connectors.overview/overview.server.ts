/** @module GET /api/connectors/overview/status for the overview page. */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';

export interface StatusTotals {
  totals: Record<string, number>;
  total: number;
}

export async function loadStatusTotals(request: Request, context: AppLoadContext, me: Me): Promise<StatusTotals> {
  const api = createApi(request, context);
  const result = await api.send<StatusTotals>(api.client.api.connectors.overview.status.$get());
  if (result.ok) return result.data;
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}
