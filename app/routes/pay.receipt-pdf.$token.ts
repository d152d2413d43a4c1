/** @module /pay/receipt-pdf/{token}: the QR payment's receipt as a PDF download (public, by its random token). */
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { localeFor } from '../i18n/i18n.server';
import { createApi } from '../lib/api.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const res = await api.client.api.pay.payments[':token']['receipt.pdf'].$get({
    param: { token: params.token ?? '' },
    query: { language },
  });
  if (!res.ok) throw new Response('Not found', { status: 404 });
  return new Response(await res.arrayBuffer(), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': res.headers.get('Content-Disposition') ?? 'attachment; filename="receipt.pdf"',
      'Cache-Control': 'no-store',
    },
  });
}
