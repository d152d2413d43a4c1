/** @module /connectors/maintenance/logs/{id}: the OCPP log of a station (id = station uid), every connector. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { loadLog } from './log.server';
import { StationLogView } from './log-view';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'stationLog.title');

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  loadLog(request, context, params.id ?? '', null);

export default StationLogView;
export const ErrorBoundary = AppRouteErrorBoundary;
