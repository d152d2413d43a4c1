/**
 * @module /connectors/maintenance/logs/{id}/{uid}: the OCPP log of one connector (uid) of a station. The
 * spec's {id} is the station uid, so the param is `stationUid` (the layout refuses a non-row `$id`).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { loadLog } from '../_app.connectors.maintenance.logs.$stationUid._index/log.server';
import { StationLogView } from '../_app.connectors.maintenance.logs.$stationUid._index/log-view';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'stationLog.title');

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  loadLog(request, context, params.stationUid ?? '', params.uid ?? '');

export default StationLogView;
export const ErrorBoundary = AppRouteErrorBoundary;
