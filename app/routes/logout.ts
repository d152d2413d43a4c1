/**
 * @module POST /logout: ends the API session and always expires the browser's session cookie,
 * even when the API call fails (spec section 8), then goes to /login with a toast.
 */
import { type ActionFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { expiredSessionCookie, writeToast } from '../lib/cookies.server';
import { flash } from '../lib/toast';

/** Only POST does anything here; a typed-in or prefetched GET just goes home. */
export const loader = () => redirect('/');

export async function action({ request, context }: ActionFunctionArgs) {
  const api = createApi(request, context);
  const result = await api.send(api.client.api.logout.$post());
  if (!result.ok && result.status !== 401) console.warn('Logout call failed', result.status, result.error.code);
  const headers = api.headers(expiredSessionCookie(request), await writeToast(request, flash('frame.loggedOut')));
  return redirect('/login', { headers });
}
