/**
 * @module The web app's own cookies: the language and theme of a visitor who is not logged in
 * (and a copy for one who is), and a one-shot toast carried across a redirect.
 */

import { isLanguage, type Language } from '@i18n/languages';
import { createCookie } from '@remix-run/cloudflare';
import { isTheme, type Theme } from './theme';
import { type FlashToast, isFlashToast } from './toast';

const YEAR = 60 * 60 * 24 * 365;
const secure = (request: Request) => new URL(request.url).protocol === 'https:';

export const languageCookie = createCookie('lng', { path: '/', sameSite: 'lax', maxAge: YEAR });
const themeCookie = createCookie('theme', { path: '/', sameSite: 'lax', maxAge: YEAR });
const toastCookie = createCookie('toast', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 });

export async function readLanguageCookie(request: Request): Promise<Language | null> {
  const value: unknown = await languageCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && isLanguage(value) ? value : null;
}

export function writeLanguageCookie(request: Request, language: Language): Promise<string> {
  return languageCookie.serialize(language, { secure: secure(request) });
}

export async function readThemeCookie(request: Request): Promise<Theme | null> {
  const value: unknown = await themeCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && isTheme(value) ? value : null;
}

export function writeThemeCookie(request: Request, theme: Theme): Promise<string> {
  return themeCookie.serialize(theme, { secure: secure(request) });
}

export function writeToast(request: Request, toast: FlashToast): Promise<string> {
  return toastCookie.serialize(toast, { secure: secure(request) });
}

/** The pending toast, and the Set-Cookie that consumes it. */
export async function takeToast(request: Request): Promise<{ toast: FlashToast | null; clear: string | null }> {
  const value: unknown = await toastCookie.parse(request.headers.get('Cookie'));
  if (!isFlashToast(value)) return { toast: null, clear: null };
  return { toast: value, clear: await toastCookie.serialize('', { maxAge: 0 }) };
}

/** Ends the browser's session cookie whatever the API answered (logout must always work). */
export function expiredSessionCookie(request: Request): string {
  return `sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`;
}
