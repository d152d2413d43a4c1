/**
 * @module Refuses to serve a deployment that lacks its required secret, with a clear error on every
 * request (and once in the log), instead of rendering pages whose logins then fail, and never with a
 * default: the top-level wrangler.toml carries none (README, "Deploying").
 */
import { sessionSecret } from '../api/src/lib/session-cookie';

let logged = false;

/** The 503 to answer while SESSION_SECRET is missing or too short; null when the worker may serve. */
export function missingConfiguration(env: Pick<Env, 'SESSION_SECRET'>): Response | null {
  try {
    sessionSecret(env as Env);
    return null;
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    if (!logged) {
      logged = true;
      console.error(
        `Not serving: ${problem}. Set it with \`npx wrangler secret put SESSION_SECRET --env production\`.`,
      );
    }
    return new Response(`Service not configured: ${problem}.\n`, {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' },
    });
  }
}
