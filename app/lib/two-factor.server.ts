/** @module Shared by /2fa and /2fa-qr: who may be on these pages, and what happens after a good code. */
import { type AppLoadContext, redirect } from '@remix-run/cloudflare';
import type { Api } from './api.server';
import { writeToast } from './cookies.server';
import { allowedOrLanding } from './nav-permission';
import { safeRedirect, twoFactorPath, withRedirectTo } from './redirects';
import { getMe } from './session.server';
import { flash } from './toast';

/**
 * Only a session waiting for its second factor belongs on a 2FA page: a full session goes on to
 * where it was heading, no session goes to /login, the other 2FA method to its own page.
 */
export async function requirePendingTwoFactor(
  request: Request,
  context: AppLoadContext,
  page: '/2fa' | '/2fa-qr',
): Promise<{ method: number; redirectTo: string | null }> {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get('redirectTo');
  const state = await getMe(request, context);
  if (state.status === 'ok') throw redirect(allowedOrLanding(safeRedirect(redirectTo, ''), state.me));
  if (state.status === 'anonymous') throw redirect(withRedirectTo('/login', redirectTo));
  if (state.status === 'error') throw new Response(null, { status: state.httpStatus });
  const expected = twoFactorPath(state.method);
  if (expected !== page) throw redirect(`${expected}${url.search}`);
  return { method: state.method, redirectTo };
}

/** After the API accepted the code: on to `redirectTo` or the user's landing page, with a toast. */
export async function finishTwoFactor(request: Request, api: Api, redirectTo: string | null) {
  const me = await api.send(api.client.api.me.$get());
  const target = me.ok ? allowedOrLanding(safeRedirect(redirectTo, ''), me.data) : '/';
  const toast = await writeToast(request, flash('twoFactor.success'));
  return redirect(target, { headers: api.headers(toast) });
}
