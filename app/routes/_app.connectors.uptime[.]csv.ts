/** @module /connectors/uptime.csv: the uptime screen's whole table for its period (GET /api/uptime page by page) as CSV. */

import { CSV_CONTENT_TYPE, csvStream } from '@domain/export/csv';
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { requireDownloadPermission } from '../lib/session.server';
import { allRows, readPeriod } from './_app.connectors.uptime/uptime.server';

const COLUMNS = [
  'station_uid',
  'station_name',
  'connector_number',
  'evse_id',
  'availability_percent',
  'under_target',
  'unavailable_minutes',
  'excluded_minutes',
  'observed_minutes',
].map((header) => ({ header }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireDownloadPermission(request, context, 'uptime:view');
  const period = readPeriod(new URL(request.url));
  const rows = await allRows(request, context, me, period);
  const cells = rows.map((r) => [
    r.station_uid,
    r.station_name,
    r.connector_number,
    r.evse_id,
    r.availability === null ? null : Math.round(r.availability * 10_000) / 100,
    r.under_target,
    r.unavailable_minutes,
    r.excluded_minutes,
    r.observed_minutes,
  ]);
  return new Response(csvStream(COLUMNS, cells), {
    headers: {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': `attachment; filename="uptime-${period.from}-${period.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
