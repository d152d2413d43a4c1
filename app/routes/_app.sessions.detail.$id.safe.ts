/** @module /sessions/detail/{id}/safe: a session's signed meter values as the S.A.F.E. XML file (GET /api/sessions/{id}/signed-meter-values/safe, streamed through). */
import { data, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { passDownload } from '../lib/download.server';
import { must } from '../lib/fleet.server';
import { FORBIDDEN_PAGE, requireUser } from '../lib/session.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const me = await requireUser(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.client.api.sessions[':id']['signed-meter-values'].safe.$get({ param: { id: String(id) } });
  if (res.status === 403) throw redirect(FORBIDDEN_PAGE);
  if (!res.ok) must(await api.read(res), me);
  return passDownload(res);
}
