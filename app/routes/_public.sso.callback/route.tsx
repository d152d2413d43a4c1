/**
 * @module /sso/callback: where the identity provider sends the browser back (ADR 048). The API checks
 * the answer against the login this browser started and opens the session; then our 2FA as after a
 * password login, unless the company lets the provider's proven MFA replace it. Refusals go back to
 * /login, which explains them.
 */
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { localeFor } from '../../i18n/i18n.server';
import { createApi } from '../../lib/api.server';
import { continueToSecondFactor } from '../_public.login/login.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const query = new URL(request.url).search.slice(1);
  const done = await api.send(api.client.api.sso.callback.$post({ json: { query } }));
  if (!done.ok) return redirect(`/login?sso=${encodeURIComponent(done.error.code)}`, { headers: api.headers() });
  if (!done.data.twoFactorRequired) return redirect('/', { headers: api.headers() });
  return continueToSecondFactor(request, api, done.data.user.token_2fa_method_id, null);
}

export default function SsoCallback() {
  return null;
}
