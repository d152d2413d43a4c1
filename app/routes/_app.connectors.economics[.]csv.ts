/** @module /connectors/economics.csv: the economics screen's whole table for its period and grouping (GET /api/connectors/economics page by page). */

import { currencyDigits } from '@domain/company-settings/economics-rules';
import { CSV_CONTENT_TYPE, csvStream } from '@domain/export/csv';
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { requireDownloadPermission } from '../lib/session.server';
import { allEconomicsRows, readEconomics } from './_app.connectors.economics/economics.server';

const COLUMNS = [
  'id',
  'name',
  'currency',
  'sessions',
  'unpriced_sessions',
  'energy_kwh',
  'revenue',
  'cost',
  'margin',
  'margin_percent',
].map((header) => ({ header }));

/** Minor units as a decimal of the currency, empty when unknown. */
function money(minor: number | null, currency: string) {
  const digits = currencyDigits(currency);
  return minor === null ? null : (minor / 10 ** digits).toFixed(digits);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireDownloadPermission(request, context, 'connectors:view');
  const p = readEconomics(new URL(request.url));
  const rows = await allEconomicsRows(request, context, me, p);
  const cells = rows.map((r) => [
    r.id,
    r.name,
    r.currency,
    r.sessions,
    r.unpriced_sessions,
    (r.energy_wh / 1000).toFixed(3),
    money(r.revenue, r.currency),
    money(r.cost, r.currency),
    money(r.margin, r.currency),
    r.margin_percent,
  ]);
  return new Response(csvStream(COLUMNS, cells), {
    headers: {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': `attachment; filename="economics-${p.groupBy}-${p.from}-${p.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
