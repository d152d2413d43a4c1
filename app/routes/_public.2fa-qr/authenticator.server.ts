/**
 * @module /2fa-qr: the pairing to show, and the actions (verify a code, e-mail a code, pair a new
 * authenticator with the current second factor).
 */

import type { Language } from '@i18n/languages';
import { translate } from '@i18n/messages';
import { type ActionFunctionArgs, type AppLoadContext, data, redirect } from '@remix-run/cloudflare';
import { localeFor, remixI18n } from '../../i18n/i18n.server';
import { tKey } from '../../i18n/resources';
import { type Api, createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { check, codeSchema } from '../../lib/auth-forms';
import { withRedirectTo } from '../../lib/redirects';
import { type FlashToast, flash, flashText } from '../../lib/toast';
import { finishTwoFactor } from '../../lib/two-factor.server';
import { hasSeed, type Pairing } from './pairing';

export interface AuthenticatorActionData {
  codeError?: string;
  /** The second factor offered to pair again was refused. */
  factorError?: string;
  pairing?: Pairing;
  toast?: FlashToast;
}

export async function loadPairing(
  request: Request,
  context: AppLoadContext,
): Promise<{ pairing: Pairing | null; error: string | null; setCookies: string[] }> {
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const result = await api.send(api.client.api['2fa'].authenticator.code.$get());
  if (result.ok) return { pairing: result.data, error: null, setCookies: api.setCookies };
  return { pairing: null, error: errorText(result.error, translate(language, 'generic')), setCookies: api.setCookies };
}

/**
 * After the password of an authenticator user: the very first pairing starts here, in the login
 * POST, so the /2fa-qr page only reads it. Anything else (paired, or a pairing that needs the
 * second factor) is left to the page.
 */
export async function startFirstPairing(api: Api): Promise<void> {
  const current = await api.send(api.client.api['2fa'].authenticator.code.$get());
  if (!current.ok || current.data.paired || hasSeed(current.data)) return;
  await api.send(api.client.api['2fa'].authenticator.code.new.$post({ json: {} }));
}

/** A new pairing; `code` is the current second factor (not needed for the very first pairing). */
async function pairNew(api: Api, language: Language, code: string) {
  const json = code ? { _2fa: code } : {};
  const result = await api.send(api.client.api['2fa'].authenticator.code.new.$post({ json }));
  if (result.ok) {
    return data<AuthenticatorActionData>(
      { pairing: result.data, toast: flash('authenticator.newPairing') },
      {
        headers: api.headers(),
      },
    );
  }
  const text = errorText(result.error, translate(language, 'generic'));
  return data<AuthenticatorActionData>(
    { factorError: text, toast: flashText(text) },
    { status: result.status, headers: api.headers() },
  );
}

export async function authenticatorAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = String(form.get('redirectTo') ?? '') || null;
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const intent = form.get('intent');
  if (intent === 'pair-new') return pairNew(api, language, String(form.get('factor') ?? '').trim());
  if (intent === 'send-code') {
    const sent = await api.send(api.client.api['2fa']['send-code'].$post());
    const toast = sent.ok
      ? flash('twoFactor.resent')
      : flashText(errorText(sent.error, translate(language, 'generic')));
    return data<AuthenticatorActionData>({ toast }, { status: sent.status, headers: api.headers() });
  }

  const t = await remixI18n.getFixedT(language);
  const checked = check(codeSchema, { code: String(form.get('code') ?? '') });
  if (!checked.ok) {
    return data<AuthenticatorActionData>(
      { codeError: tKey(t, checked.errors.code ?? 'validation.codeRequired') },
      { status: 400 },
    );
  }
  const result = await api.send(
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
