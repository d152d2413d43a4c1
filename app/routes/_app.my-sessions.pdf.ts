/**
 * @module /my-sessions/pdf: streams the API's PDF of the caller's filtered session list (POST my-sessions with
 * format pdf) to the browser unchanged, after the same permission check as the list screen.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { mySessionsBody, mySessionsUrl } from '../components/my-pages/session-filters';
import { createApi } from '../lib/api.server';
import { passDownload } from '../lib/download.server';
import { requireDownloadPermission } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireDownloadPermission(request, context, 'personal:self-charge');
  const state = mySessionsUrl.read(new URL(request.url).searchParams);
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.client.api['my-sessions'].$post({ json: mySessionsBody(state, 'pdf') });
  if (!res.ok) throw data({ message: 'Export failed' }, { status: res.status });
  return passDownload(res);
}
