/** @module The card page's actions: assign, save the OCPP fields, block and unlink (the last two irreversible, confirmed on the page). */
import { type ActionFunctionArgs, data, redirect } from '@remix-run/cloudflare';
import { expiryOfDay, KEYFOB_TYPES } from '../../components/key-hangers/keyfob';
import { type AnswerOf, createApi } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import { displayName } from '../../lib/fleet';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export interface ActionError {
  error: string;
  field?: string;
}

/** The id of the URL, or a 404 page for a malformed one. */
export function cardId(raw: string | undefined): string {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  return String(id);
}

export async function cardAction({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:key-hangers');
  const api = createApi(request, context, { language: me.user.language });
  const param = { id: cardId(params.id) };
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const card = api.client.api.keyfob[':id'];
  const intent = text('intent');

  let pending: ReturnType<typeof card.$put | typeof card.$delete | typeof card.unlink.$delete> | null = null;
  let toast: (row: AnswerOf<typeof card.$put>) => ReturnType<typeof flash> = () => flash('keyHangers.toast.saved');
  if (intent === 'assign') {
    const userId = Number(text('user_id'));
    if (!Number.isSafeInteger(userId) || userId <= 0) return data<ActionError>({ error: '', field: 'user_id' }, 400);
    pending = card.$put({ param, json: { user_id: userId } });
    toast = (row) => flash('keyHangers.toast.assigned', { user: row.user ? displayName(row.user) : '' });
  } else if (intent === 'save') {
    const expires = expiryOfDay(text('expires'));
    if (expires === undefined) return data<ActionError>({ error: '', field: 'expires_at' }, 400);
    const type = KEYFOB_TYPES.find((t) => t === text('type'));
    pending = card.$put({
      param,
      json: { parent_id_tag: text('parent_id_tag') || null, expires_at: expires, ...(type ? { type } : {}) },
    });
  } else if (intent === 'block') {
    pending = card.$delete({ param });
    toast = () => flash('keyHangers.toast.blocked');
  } else if (intent === 'unlink') {
    pending = card.unlink.$delete({ param });
    toast = () => flash('keyHangers.toast.unlinked');
  }
  if (!pending) return data<ActionError>({ error: 'Unknown action' }, 400);
  const result = await api.send(pending);
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data<ActionError>({ error: result.error['error-msg'], field: result.error.field }, result.status);
  }
  return redirect(`/fleet/key-hangers/${param.id}`, {
    headers: api.headers(await writeToast(request, toast(result.data))),
  });
}
