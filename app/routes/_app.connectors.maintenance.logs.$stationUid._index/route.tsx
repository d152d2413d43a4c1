/**
 * @module /connectors/maintenance/logs/{id}: the OCPP log of a station, every connector. The spec's {id}
 * is the station uid (e.g. VLT-LIL-003), so the param is `stationUid`: the layout answers 404 for an
 * `$id` that is not a row id (lib/route-params.ts).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { loadLog } from './log.server';
import { StationLogView } from './log-view';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'stationLog.title');

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  loadLog(request, context, params.stationUid ?? '', null);

export default StationLogView;
export const ErrorBoundary = AppRouteErrorBoundary;
