/**
 * @module /fleet/home-reimbursement/bank-transfer (POST only): the SEPA bank transfer file of the selected
 * approved reimbursements (POST /api/fleet-reimbursement/bank-transfer), passed on as the download; a
 * refusal answers the API's message as JSON (the button shows it). Used by BankTransferButton.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { requirePermission } from '../lib/session.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement:manage');
  const form = await request.formData();
  const ids = form
    .getAll('id')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.client.api['fleet-reimbursement']['bank-transfer'].$post({ json: { ids } });
  if (!res.ok) {
    const refused = await api.read<never>(res);
    return data({ error: refused.ok ? '' : refused.error['error-msg'] }, { status: res.status });
  }
  return new Response(res.body, {
    headers: {
      'content-type': res.headers.get('content-type') ?? 'application/xml',
      'content-disposition': res.headers.get('content-disposition') ?? 'attachment; filename="bank-transfer.xml"',
      'cache-control': 'private, no-store',
    },
  });
}

/** No page here: a GET is the not-found page. */
export function loader(_: LoaderFunctionArgs) {
  throw data({ message: 'Not found' }, { status: 404 });
}
