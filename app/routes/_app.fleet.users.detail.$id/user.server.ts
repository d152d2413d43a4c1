/**
 * @module The fleet user page's server side: the user with their usage and limits (loader), and its
 * actions (delete, restore, permanent deletion, removal from the company, limits), each answered as an outcome.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { requirePermission } from '../../lib/session.server';

export async function loadFleetUser({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:view');
  const api = createApi(request, context);
  const user = must(
    await api.send(api.client.api.users[':userId'].$get({ param: { userId: String(fleetId(params.id)) } })),
    me,
  );
  return {
    user,
    companyId: me.company.id,
    currency: me.company.currency,
    canManage: me.permissions.includes('fleet:users:manage'),
    canLimit: me.permissions.includes('fleet:limits'),
    isSelf: me.user.id === user.id,
  };
}

const INTENTS = ['delete', 'restore', 'permanent', 'remove', 'limits'] as const;

export async function runUserAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  if (!(INTENTS as readonly string[]).includes(intent)) throw data({ message: 'Bad intent' }, { status: 400 });
  const me = await requirePermission(request, context, intent === 'limits' ? 'fleet:limits' : 'fleet:users:manage');
  const api = createApi(request, context, { language: me.user.language });
  const userId = String(fleetId(params.id));
  const param = { userId };
  const res =
    intent === 'delete'
      ? await api.client.api.users[':userId'].$delete({ param, query: {} })
      : intent === 'permanent'
        ? await api.client.api.users[':userId'].$delete({ param, query: { permanent: 'true', confirm: 'true' } })
        : intent === 'restore'
          ? await api.client.api.users[':userId'].restore.$put({ param })
          : intent === 'remove'
            ? await api.client.api.users[':userId'].remove.$put({ param })
            : await api.client.api.users[':userId'].limit.$post({
                param,
                json: {
                  daily: String(form.get('daily') ?? ''),
                  weekly: String(form.get('weekly') ?? ''),
                  monthly: String(form.get('monthly') ?? ''),
                },
              });
  const result = await api.read<unknown>(res);
  if (!result.ok) {
    if (result.status === 403 && result.error.code === 'FORBIDDEN') must(result, me);
    return { error: result.error['error-msg'], field: result.error.field, done: null };
  }
  if (intent === 'permanent') return redirect('/fleet/users', { headers: api.headers() });
  const done = { delete: 'deleted', restore: 'restored', remove: 'removed', limits: 'limitsSaved' }[intent];
  return { error: null, field: null, done };
}
