/** @module /2fa-qr: the pairing to show, and the actions (verify a code, pair a new authenticator). */
import { type ActionFunctionArgs, type AppLoadContext, data, redirect } from '@remix-run/cloudflare';
import type { Language } from '../../../domain/i18n/languages';
import { translate } from '../../../domain/i18n/messages';
import { localeFor, remixI18n } from '../../i18n/i18n.server';
import { tKey } from '../../i18n/resources';
import { type Api, createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { check, codeSchema } from '../../lib/auth-forms';
import { withRedirectTo } from '../../lib/redirects';
import { type FlashToast, flash, flashText } from '../../lib/toast';
import { finishTwoFactor } from '../../lib/two-factor.server';

export type Pairing = { paired: true } | { paired: false; secret: string; otpauthUri: string; qrSvg: string };

export interface AuthenticatorActionData {
  codeError?: string;
  pairing?: Pairing;
  toast?: FlashToast;
}

export async function loadPairing(
  request: Request,
  context: AppLoadContext,
): Promise<{ pairing: Pairing | null; error: string | null; setCookies: string[] }> {
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const result = await api.send<Pairing>(api.client.api['2fa'].authenticator.code.$get());
  if (result.ok) return { pairing: result.data, error: null, setCookies: api.setCookies };
  return { pairing: null, error: errorText(result.error, translate(language, 'generic')), setCookies: api.setCookies };
}

async function pairNew(api: Api, language: Language) {
  const result = await api.send<Pairing>(api.client.api['2fa'].authenticator.code.new.$get());
  if (result.ok) {
    return data<AuthenticatorActionData>(
      { pairing: result.data, toast: flash('authenticator.newPairing') },
      {
        headers: api.headers(),
      },
    );
  }
  const text = errorText(result.error, translate(language, 'generic'));
  return data<AuthenticatorActionData>({ toast: flashText(text) }, { status: result.status, headers: api.headers() });
}

export async function authenticatorAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = String(form.get('redirectTo') ?? '') || null;
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  if (form.get('intent') === 'pair-new') return pairNew(api, language);

  const t = await remixI18n.getFixedT(language);
  const checked = check(codeSchema, { code: String(form.get('code') ?? '') });
  if (!checked.ok) {
    return data<AuthenticatorActionData>(
      { codeError: tKey(t, checked.errors.code ?? 'validation.codeRequired') },
      { status: 400 },
    );
  }
  const result = await api.send<{ message: string }>(
    api.client.api['2fa'].authenticator.code.validate.$post({ json: { _2fa: checked.data.code } }),
  );
  if (result.ok && result.data.message === 'OK') return finishTwoFactor(request, api, redirectTo);
  if (!result.ok && result.error.code === 'UNAUTHENTICATED') throw redirect(withRedirectTo('/login', redirectTo));
  const codeError = errorText(result.ok ? null : result.error, translate(language, 'twoFactorFailed'));
  return data<AuthenticatorActionData>(
    { codeError, toast: flashText(codeError) },
    { status: result.ok ? 401 : result.status, headers: api.headers() },
  );
}
