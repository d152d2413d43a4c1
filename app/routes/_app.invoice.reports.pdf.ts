/** @module /invoice/reports/pdf?month=YYYY-MM: the month's invoice report as a PDF (GET /api/stripe/invoices/reports/pdf). */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { must } from '../lib/fleet.server';
import { FORBIDDEN_PAGE, requireDownloadPermission } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireDownloadPermission(request, context, 'billing:admin');
  const asked = new URL(request.url).searchParams.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : new Date().toISOString().slice(0, 7);
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.client.api.stripe.invoices.reports.pdf.$get({ query: { month } });
  if (res.status === 403) throw redirect(FORBIDDEN_PAGE);
  if (!res.ok) must(await api.read(res), me);
  return new Response(res.body, {
    headers: {
      'content-type': res.headers.get('content-type') ?? 'application/pdf',
      'content-disposition': res.headers.get('content-disposition') ?? 'attachment',
      'cache-control': 'private, no-store',
    },
  });
}
