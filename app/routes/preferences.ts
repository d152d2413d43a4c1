/**
 * @module POST /preferences: language and/or theme. Always kept in cookies (the login page uses
 * them too); saved to the account with PUT /api/me/preferences when logged in.
 */

import { isLanguage, LANGUAGE_NAMES, type Language } from '@i18n/languages';
import { type ActionFunctionArgs, data, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { writeLanguageCookie, writeThemeCookie } from '../lib/cookies.server';
import { getMe } from '../lib/session.server';
import { isTheme, type Theme } from '../lib/theme';
import { type FlashToast, flash, flashText } from '../lib/toast';

export interface PreferencesResult {
  ok: boolean;
  toast: FlashToast;
}

/** Only POST does anything here; a typed-in or prefetched GET just goes home. */
export const loader = () => redirect('/');

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const rawLanguage = String(form.get('language') ?? '');
  const rawTheme = String(form.get('theme') ?? '');
  const language: Language | undefined = isLanguage(rawLanguage) ? rawLanguage : undefined;
  const theme: Theme | undefined = rawTheme === 'light' || rawTheme === 'dark' ? rawTheme : undefined;
  if (!language && !theme) {
    return data<PreferencesResult>({ ok: false, toast: flash('common.generic', undefined, true) }, { status: 400 });
  }

  const cookies: string[] = [];
  if (language) cookies.push(await writeLanguageCookie(request, language));
  if (theme && isTheme(theme)) cookies.push(await writeThemeCookie(request, theme));

  const api = createApi(request, context);
  const state = await getMe(request, context);
  if (state.status === 'ok') {
    const result = await api.send(api.client.api.me.preferences.$put({ json: { language, theme } }));
    if (!result.ok) {
      const toast = result.error['error-msg']
        ? flashText(result.error['error-msg'])
        : flash('common.generic', {}, true);
      return data<PreferencesResult>({ ok: false, toast }, { status: result.status, headers: api.headers() });
    }
  }

  const toast = language
    ? flash('language.changed', { language: LANGUAGE_NAMES[language] })
    : flash(theme === 'dark' ? 'theme.changedDark' : 'theme.changedLight');
  return data<PreferencesResult>({ ok: true, toast }, { headers: api.headers(...cookies) });
}
