/**
 * @module `/` goes to the connectors overview (spec section 2); a user whose company does not
 * operate stations goes to their own landing page instead of bouncing off a 403.
 */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { allowedOrLanding } from '../lib/nav-permission';
import { getMe } from '../lib/session.server';

const OVERVIEW = '/connectors/overview';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await getMe(request, context);
  return redirect(state.status === 'ok' ? allowedOrLanding(OVERVIEW, state.me) : OVERVIEW);
}
