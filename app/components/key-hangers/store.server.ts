/**
 * @module The loader and create action of /fleet/key-hangers-store (visual code and UUID) and
 * /fleet/key-hangers-store-uuid (UUID alone, the code generated): POST /api/keyfob or
 * /api/keyfob/create/uuid/{uuid}, then the new card's page with a toast, or the field that failed.
 */

import { DEFAULT_LANGUAGE, isLanguage } from '@i18n/languages';
import { translate } from '@i18n/messages';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';
import { expiryOfDay, KEYFOB_TYPES } from './keyfob';

export interface StoreError {
  error: string;
  field?: string;
}

/** Both pages' loader: the permission, nothing to load. */
export async function storeLoader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, 'fleet:key-hangers');
  return null;
}

export async function storeAction({ request, context }: ActionFunctionArgs, withCode: boolean) {
  const me = await requirePermission(request, context, 'fleet:key-hangers');
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const expires = expiryOfDay(text('expires'));
  if (expires === undefined) return data<StoreError>({ error: '', field: 'expires_at' }, 400);
  const type = KEYFOB_TYPES.find((t) => t === text('type'));
  const fields = {
    ...(type ? { type } : {}),
    ...(text('parent_id_tag') ? { parent_id_tag: text('parent_id_tag') } : {}),
    ...(expires ? { expires_at: expires } : {}),
  };
  const uuid = text('uuid');
  if (!withCode && !uuid) {
    return data<StoreError>(
      {
        error: translate(isLanguage(me.user.language) ? me.user.language : DEFAULT_LANGUAGE, 'rfidFieldMissing'),
        field: 'uuid',
      },
      400,
    );
  }
  const result = await api.send(
    withCode
      ? api.client.api.keyfob.$post({ json: { code: text('code'), uuid, ...fields } })
      : api.client.api.keyfob.create.uuid[':uuid'].$post({ param: { uuid }, json: fields }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data<StoreError>({ error: result.error['error-msg'], field: result.error.field }, result.status);
  }
  const toast = flash('keyHangers.toast.created', { code: result.data.key_hanger_code });
  return redirect(`/fleet/key-hangers/${result.data.id}`, { headers: api.headers(await writeToast(request, toast)) });
}
