/** @module POST /login: checks the form, logs in through the API, starts the second factor. */
import { type ActionFunctionArgs, data, redirect } from '@remix-run/cloudflare';
import { localeFor, remixI18n } from '../../i18n/i18n.server';
import { createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { check, type FieldErrors, formValues, loginSchema } from '../../lib/auth-forms';
import { writeToast } from '../../lib/cookies.server';
import { twoFactorPath, withRedirectTo } from '../../lib/redirects';
import { flash, flashText } from '../../lib/toast';
import { startFirstPairing } from '../_public.2fa-qr/authenticator.server';
import { ssoAction } from './sso.server';

export interface LoginActionData {
  errors?: FieldErrors<{ email: string; password: string }>;
  /** The API's message, already in the page's language. */
  formError?: string;
  /** Single sign-on: whether the e-mail's domain has it, and the API's refusal if starting failed. */
  sso?: { available: boolean; company: string | null };
  ssoError?: string;
}

export async function loginAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'sso-lookup' || intent === 'sso') return ssoAction(request, context, form, intent);
  const redirectTo = String(form.get('redirectTo') ?? '') || null;
  const checked = check(loginSchema, formValues(form, ['email', 'password']));
  if (!checked.ok) return data<LoginActionData>({ errors: checked.errors }, { status: 400 });

  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const login = await api.send(api.client.api.login.$post({ json: { ...checked.data, isMobilize: false } }));
  if (!login.ok) {
    const t = await remixI18n.getFixedT(language);
    return data<LoginActionData>(
      { formError: errorText(login.error, t('common.undefinedError')) },
      { status: login.status, headers: api.headers() },
    );
  }

  return continueToSecondFactor(request, api, login.data.user.token_2fa_method_id, redirectTo);
}

/**
 * After the first factor (password or single sign-on): to /2fa-qr (starting the first pairing) or
 * to /2fa with the e-mailed code sent once, here, so reloading /2fa never sends another.
 */
export async function continueToSecondFactor(
  request: Request,
  api: ReturnType<typeof createApi>,
  method: number,
  redirectTo: string | null,
) {
  const next = withRedirectTo(twoFactorPath(method), redirectTo);
  if (next.startsWith('/2fa-qr')) {
    await startFirstPairing(api);
    return redirect(next, { headers: api.headers() });
  }
  const sent = await api.send(api.client.api['2fa']['send-code'].$post());
  const toast = sent.ok ? flash('login.codeSent') : flashText(errorText(sent.error, ''), true);
  const cookies = toast.key || toast.text ? [await writeToast(request, toast)] : [];
  return redirect(next, { headers: api.headers(...cookies) });
}
