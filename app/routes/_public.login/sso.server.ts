/**
 * @module The single sign-on part of /login (ADR 048): `sso-lookup` tells the page whether the typed
 * e-mail's domain has an identity provider (for the "Continue with …" button), `sso` starts the
 * login through the API and sends the browser to the provider.
 */
import { type AppLoadContext, data, redirect } from '@remix-run/cloudflare';
import { localeFor, remixI18n } from '../../i18n/i18n.server';
import { createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import type { LoginActionData } from './login.server';

const emailOf = (form: FormData) => String(form.get('email') ?? '').trim();

export async function ssoAction(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  intent: 'sso' | 'sso-lookup',
) {
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const t = await remixI18n.getFixedT(language);
  const email = emailOf(form);
  if (!email.includes('@')) {
    if (intent === 'sso-lookup') return data<LoginActionData>({ sso: { available: false, company: null } });
    return data<LoginActionData>({ ssoError: t('sso.needEmail') }, { status: 400 });
  }
  if (intent === 'sso-lookup') {
    const found = await api.send(api.client.api.sso.lookup.$post({ json: { email } }));
    const sso = found.ok
      ? { available: found.data.available, company: found.data.company_name }
      : { available: false, company: null };
    return data<LoginActionData>({ sso }, { headers: api.headers() });
  }
  const started = await api.send(api.client.api.sso.start.$post({ json: { email } }));
  if (!started.ok) {
    return data<LoginActionData>(
      { ssoError: errorText(started.error, t('common.undefinedError')) },
      { status: started.status, headers: api.headers() },
    );
  }
  return redirect(started.data.redirect_to, { headers: api.headers() });
}
