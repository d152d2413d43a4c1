/** @module /2fa actions: verify the e-mailed code, or send a new one. */

import { translate } from '@i18n/messages';
import { type ActionFunctionArgs, data, redirect } from '@remix-run/cloudflare';
import { localeFor, remixI18n } from '../../i18n/i18n.server';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { errorText } from '../../lib/api-errors';
import { check, codeSchema } from '../../lib/auth-forms';
import { withRedirectTo } from '../../lib/redirects';
import { type FlashToast, flash, flashText } from '../../lib/toast';
import { finishTwoFactor } from '../../lib/two-factor.server';

export interface TwoFactorActionData {
  /** An i18n key (form check) or the API's message. */
  codeError?: string;
  toast?: FlashToast;
}

export async function twoFactorAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = String(form.get('redirectTo') ?? '') || null;
  const language = await localeFor(request, context);
  const t = await remixI18n.getFixedT(language);
  const api = createApi(request, context, { language });

  if (form.get('intent') === 'resend') {
    const sent = await api.send(api.client.api['2fa']['send-code'].$post());
    if (!sent.ok && sent.error.code === 'UNAUTHENTICATED') throw redirect(withRedirectTo('/login', redirectTo));
    const toast = sent.ok
      ? flash('twoFactor.resent')
      : flashText(errorText(sent.ok ? null : sent.error, t('common.generic')));
    return data<TwoFactorActionData>({ toast }, { status: sent.status, headers: api.headers() });
  }

  const checked = check(codeSchema, { code: String(form.get('code') ?? '') });
  if (!checked.ok) {
    return data<TwoFactorActionData>(
      { codeError: tKey(t, checked.errors.code ?? 'validation.codeRequired') },
      { status: 400 },
    );
  }
  const result = await api.send(api.client.api['2fa'].$post({ json: { _2fa: checked.data.code } }));
  // Spec 7.1: a 2FA call succeeds only if the answer's message is OK.
  if (result.ok && result.data.message === 'OK') return finishTwoFactor(request, api, redirectTo);
  if (!result.ok && result.error.code === 'UNAUTHENTICATED') throw redirect(withRedirectTo('/login', redirectTo));
  const codeError = errorText(result.ok ? null : result.error, translate(language, 'twoFactorFailed'));
  return data<TwoFactorActionData>(
    { codeError, toast: flashText(codeError) },
    { status: result.ok ? 401 : result.status, headers: api.headers() },
  );
}
