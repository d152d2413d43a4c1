/** @module The peerings screen's server side (ADR 057): the list, a peering's message log, and add, invite, retry, suspend, unregister. */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { must } from '../../lib/fleet.server';
import { requirePermission } from '../../lib/session.server';

const PAGE_SIZE = 20;
const LOG_PAGE_SIZE = 25;

export async function readPeerings(request: Request, context: AppLoadContext, page: number) {
  const me = await requirePermission(request, context, 'roaming:manage');
  const api = createApi(request, context, { language: me.user.language });
  const params = new URL(request.url).searchParams;
  const list = must(
    await api.send(
      api.client.api.peering.list.$get({ query: { page: String(page), items_per_page: String(PAGE_SIZE) } }),
    ),
    me,
  );
  const logId = Number(params.get('log'));
  const logPage = Math.max(0, Number.parseInt(params.get('log_page') ?? '0', 10) || 0);
  const log =
    Number.isInteger(logId) && logId > 0
      ? await api.send(
          api.client.api.peerings[':id']['get-emp-log'].$get({
            param: { id: String(logId) },
            query: { page: String(logPage), items_per_page: String(LOG_PAGE_SIZE) },
          }),
        )
      : null;
  return { ...list, log: log?.ok ? { id: logId, ...log.data } : null };
}

export interface PeeringActionData {
  intent: string;
  error?: string;
  field?: string;
  /** An invitation: the token A, shown once, and our versions URL. */
  invitation?: { token_a: string; versions_url: string };
  /** A pull of the partner's locations and tariffs: each one's progress. */
  pulls?: { module: string; state: string; pages: number; objects: number }[];
}

export async function changePeering(request: Request, context: AppLoadContext): Promise<PeeringActionData> {
  const me = await requirePermission(request, context, 'roaming:manage');
  const api = createApi(request, context, { language: me.user.language });
  const peerings = api.client.api.peerings;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const name = String(form.get('name') ?? '');
  if (intent === 'create') {
    const created = await api.send(
      peerings.$post({
        json: {
          name,
          versions_url: String(form.get('versions_url') ?? ''),
          token_a: String(form.get('token_a') ?? ''),
        },
      }),
    );
    return created.ok ? { intent } : { intent, error: errorText(created.error, ''), field: created.error.field };
  }
  if (intent === 'invite') {
    const invited = await api.send(peerings.invite.$post({ json: { name } }));
    if (!invited.ok) return { intent, error: errorText(invited.error, ''), field: invited.error.field };
    return { intent, invitation: { token_a: invited.data.token_a, versions_url: invited.data.versions_url } };
  }
  const param = { id: String(form.get('id') ?? '') };
  const one = peerings[':id'];
  if (intent === 'pull') {
    const pulled = await api.send(one.pull.$post({ param, json: { modules: ['locations', 'tariffs'] } }));
    return pulled.ok ? { intent, pulls: pulled.data.pulls } : { intent, error: errorText(pulled.error, '') };
  }
  const sent =
    intent === 'connect'
      ? await api.send(one.connect.$post({ param }))
      : intent === 'suspend'
        ? await api.send(one.suspend.$post({ param }))
        : intent === 'unregister'
          ? await api.send(one.unregister.$post({ param }))
          : null;
  if (!sent) return { intent, error: 'Unknown action' };
  return sent.ok ? { intent } : { intent, error: errorText(sent.error, '') };
}
