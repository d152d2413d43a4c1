/** @module /connectors/maintenance/logs/{id}/{uid}: the OCPP log of one connector (uid) of a station (id = station uid). */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { loadLog } from '../_app.connectors.maintenance.logs.$id._index/log.server';
import { StationLogView } from '../_app.connectors.maintenance.logs.$id._index/log-view';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'stationLog.title');

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  loadLog(request, context, params.id ?? '', params.uid ?? '');

export default StationLogView;
export const ErrorBoundary = AppRouteErrorBoundary;
