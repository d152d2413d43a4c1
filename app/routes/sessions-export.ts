/**
 * @module /sessions-export: streams the API's XLSX, CSV or PDF export of a session list to the browser
 * unchanged (no buffering here), after the same permission check as the list screen.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { readState } from '../components/sessions/list-state';
import { type ListScope, requestList } from '../components/sessions/load.server';
import { passDownload } from '../lib/download.server';
import { requireDownloadPermission } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const format = url.searchParams.get('format');
  if (format !== 'xlsx' && format !== 'csv' && format !== 'pdf')
    throw data({ message: 'format must be xlsx, csv or pdf' }, { status: 400 });
  const kind = url.searchParams.get('scope');
  let scope: ListScope;
  if (kind === 'fleet') {
    await requireDownloadPermission(request, context, 'fleet:view');
    scope = { kind: 'fleet' };
  } else if (kind === 'customer-group') {
    await requireDownloadPermission(request, context, 'customer-groups:manage');
    const id = Number(url.searchParams.get('customer_group'));
    if (!Number.isInteger(id) || id <= 0 || id >= 2 ** 31) throw data({ message: 'Not found' }, { status: 404 });
    scope = { kind: 'customer-group', id };
  } else {
    await requireDownloadPermission(request, context, 'connectors:view');
    const id = Number(url.searchParams.get('connector'));
    scope = kind === 'connector' && Number.isInteger(id) && id > 0 ? { kind: 'connector', id } : { kind: 'network' };
  }
  const { pending } = requestList(request, context, scope, readState(url), format);
  const res = await pending;
  if (!res.ok) throw data({ message: 'Export failed' }, { status: res.status });
  return passDownload(res);
}
