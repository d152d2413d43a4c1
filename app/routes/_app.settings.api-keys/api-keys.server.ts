/** @module The API keys screen's server side (ADR 047): the list, the grantable permissions, and create, rotate, revoke. */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { must } from '../../lib/fleet.server';
import { requirePermission } from '../../lib/session.server';

const PAGE_SIZE = 20;

interface Node {
  id: number;
  name: string;
  children: Node[];
}

/** The selected company and its descendants, depth first: the companies a key may be made for. */
function subtree(root: Node | null | undefined, id: number): { id: number; name: string }[] {
  const find = (n: Node): Node | undefined => (n.id === id ? n : n.children.map(find).find(Boolean));
  const start = root ? find(root) : undefined;
  const flat = (n: Node): { id: number; name: string }[] => [{ id: n.id, name: n.name }, ...n.children.flatMap(flat)];
  return start ? flat(start) : [];
}

export async function readKeys(request: Request, context: AppLoadContext, page: number) {
  const me = await requirePermission(request, context, 'company:api-keys');
  const api = createApi(request, context, { language: me.user.language });
  const keys = api.client.api['api-keys'];
  const list = must(
    await api.send(keys.$get({ query: { page: String(page), items_per_page: String(PAGE_SIZE) } })),
    me,
  );
  const grantable = must(await api.send(keys.permissions.$get()), me);
  return {
    ...list,
    permissions: grantable.data,
    companies: subtree(me.companies as Node | null, me.company.id),
    company: me.company.name,
  };
}

export interface KeyActionData {
  intent: 'create' | 'rotate' | 'revoke';
  /** The secret of a created or rotated key: shown once. */
  secret?: string;
  name?: string;
  error?: string;
  field?: string;
}

export async function changeKey(request: Request, context: AppLoadContext): Promise<KeyActionData> {
  const me = await requirePermission(request, context, 'company:api-keys');
  const api = createApi(request, context, { language: me.user.language });
  const keys = api.client.api['api-keys'];
  const form = await request.formData();
  const intent = form.get('intent');
  const param = { id: String(form.get('id') ?? '') };
  if (intent === 'rotate') {
    const rotated = await api.send(keys[':id'].rotate.$post({ param }));
    if (!rotated.ok) return { intent, error: errorText(rotated.error, '') };
    return { intent, secret: rotated.data.secret, name: rotated.data.key.name };
  }
  if (intent === 'revoke') {
    const revoked = await api.send(keys[':id'].$delete({ param }));
    return revoked.ok ? { intent } : { intent, error: errorText(revoked.error, '') };
  }
  const scope = form.get('scope') === 'permissions' ? 'permissions' : 'read';
  const company = Number(form.get('company_id'));
  const created = await api.send(
    keys.$post({
      json: {
        name: String(form.get('name') ?? ''),
        scope,
        ...(Number.isInteger(company) && company > 0 ? { company_id: company } : {}),
        ...(scope === 'permissions' ? { permissions: form.getAll('permissions').map(String) } : {}),
      },
    }),
  );
  if (!created.ok) return { intent: 'create', error: errorText(created.error, ''), field: created.error.field };
  return { intent: 'create', secret: created.data.secret, name: created.data.key.name };
}
