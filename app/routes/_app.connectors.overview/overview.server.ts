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
  const result = await api.send(api.client.api.connectors.overview.status.$get());
  if (result.ok) return result.data;
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}

export interface RecentFault {
  id: number;
  evseId: string | null;
  status: string;
  bucket: string;
  errorCode: string | null;
  statusInfo: string | null;
  since: string | null;
  stationName: string;
  city: string | null;
}

/** GET /api/connectors/overview/faults; the overview still shows its totals if this call fails. */
export async function loadRecentFaults(
  request: Request,
  context: AppLoadContext,
): Promise<{ data: RecentFault[]; total: number } | null> {
  const api = createApi(request, context);
  const result = await api.send(api.client.api.connectors.overview.faults.$get());
  return result.ok ? result.data : null;
}

/** The map style URL (MAP_STYLE_URL); unset means markers on a plain background, no tile requests. */
export function mapStyleUrl(context: AppLoadContext): string | null {
  const value = (context.cloudflare.env as unknown as Record<string, unknown>).MAP_STYLE_URL;
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
}
