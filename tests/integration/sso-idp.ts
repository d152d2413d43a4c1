/**
 * A small browser for the SSO tests (ADR 048): starts an SSO login through the API, signs in at the
 * local OpenID provider's login form like a person would (following its redirects with its cookies),
 * and hands back what the provider sent the browser back with, plus this browser's `sso_state` cookie.
 */
import { expect } from 'vitest';
import { call, uniqueIp } from './helpers';

export interface ProviderAnswer {
  ip: string;
  /** The `sso_state` cookie the API set on this browser at start. */
  stateCookie: string;
  /** The query of the redirect back to /sso/callback (code, state, iss). */
  query: string;
}

async function signInAtProvider(authorizationUrl: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    await res.arrayBuffer();
    return res;
  };
  const next = (res: Response, base: string) => {
    expect(res.status, `provider answered ${res.status} at ${base}`).toBe(303);
    return new URL(res.headers.get('location') ?? '', base).href;
  };
  const interaction = next(await go(authorizationUrl), authorizationUrl);
  const form = new URLSearchParams({ login: email, password });
  const resume = next(
    await go(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }),
    interaction,
  );
  const back = new URL(next(await go(resume), resume));
  expect(back.pathname).toBe('/sso/callback');
  return back.search.slice(1);
}

/** POST /sso/start for `typedEmail`, then the provider's login as `account`. */
export async function throughProvider(
  typedEmail: string,
  account: { email: string; password: string },
): Promise<ProviderAnswer> {
  const ip = uniqueIp();
  const start = await call('/sso/start', { ip, json: { email: typedEmail } });
  expect(start.status).toBe(200);
  const stateCookie = /(?:^|[,\s])sso_state=([^;]*)/.exec(start.headers.get('set-cookie') ?? '')?.[1];
  if (!stateCookie) throw new Error('start set no sso_state cookie');
  const { redirect_to } = (await start.json()) as { redirect_to: string };
  return { ip, stateCookie, query: await signInAtProvider(redirect_to, account.email, account.password) };
}

/** POST /sso/callback as the browser that started the login (its cookie), with the provider's answer. */
export function callback(answer: ProviderAnswer, query = answer.query): Promise<Response> {
  return call('/sso/callback', {
    ip: answer.ip,
    json: { query },
    headers: { cookie: `sso_state=${answer.stateCookie}` },
  });
}
