/** @module The SSO settings screen's server side (ADR 048): the read, the save, and the connection test. */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { must } from '../../lib/fleet.server';
import { requirePermission } from '../../lib/session.server';

export async function readSso(request: Request, context: AppLoadContext, companyId: string) {
  const me = await requirePermission(request, context, 'company:settings');
  const api = createApi(request, context, { language: me.user.language });
  const sso = api.client.api.settings.company[':companyId'].sso;
  return must(await api.send(sso.$get({ param: { companyId } })), me);
}

export interface SsoActionData {
  saved?: boolean;
  error?: string;
  field?: string;
  test?: { ok: boolean; issuer?: string; error?: string };
}

const numbers = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

export async function saveSso(request: Request, context: AppLoadContext, companyId: string): Promise<SsoActionData> {
  const me = await requirePermission(request, context, 'company:settings');
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const sso = api.client.api.settings.company[':companyId'].sso;
  const issuer = String(form.get('issuer') ?? '').trim();
  if (form.get('intent') === 'test') {
    const tested = await api.send(sso.test.$post({ param: { companyId }, json: { issuer } }));
    return { test: tested.ok ? tested.data : { ok: false, error: errorText(tested.error, '') } };
  }
  const secret = String(form.get('client_secret') ?? '');
  const group = Number(form.get('default_corporate_group_id') ?? '');
  const saved = await api.send(
    sso.$put({
      param: { companyId },
      json: {
        issuer,
        client_id: String(form.get('client_id') ?? '').trim(),
        ...(secret ? { client_secret: secret } : {}),
        domains: String(form.get('domains') ?? '')
          .split(/[\s,;]+/)
          .filter((d) => d !== ''),
        default_roles: numbers(form, 'default_roles'),
        default_corporate_group_id: Number.isInteger(group) && group > 0 ? group : null,
        idp_mfa_replaces_2fa: form.get('idp_mfa_replaces_2fa') === 'true',
        enabled: form.get('enabled') === 'true',
      },
    }),
  );
  if (saved.ok) return { saved: true };
  return { error: errorText(saved.error, ''), field: saved.error.field };
}
