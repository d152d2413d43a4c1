/**
 * @module The OpenID Connect relying party (ADR 048), on `oauth4webapi` with `jose` for the ID token's
 * signature: discovery, the authorization URL (code + PKCE S256, state, nonce), and the callback's
 * code exchange with client authentication (client_secret_basic). The ID token is checked twice over:
 * oauth4webapi validates `iss`, `aud`, `exp`, `iat` and `nonce`, and jose verifies its signature
 * against the issuer's JWKS (and again `iss`, `aud`, `exp`). Plain http is accepted only for a
 * loopback issuer outside production (the local dev provider, scripts/oidc-dev.ts).
 */

import { isLocalMode } from '@api/lib/sso-secret';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';

export type SsoFailure = 'failed' | 'provider';

/** `failed`: the answer was not valid for this login (state, code, token); `provider`: unreachable or broken. */
export class SsoError extends Error {
  constructor(
    readonly kind: SsoFailure,
    message: string,
  ) {
    super(message);
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const TIMEOUT_MS = 10_000;

/** Whether the issuer may be used: https, or http on a loopback address outside production. */
export function issuerAcceptable(issuer: string, env: Pick<Env, 'APP_ENV'>): boolean {
  const url = URL.canParse(issuer) ? new URL(issuer) : null;
  if (!url || url.search || url.hash || url.username) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname) && isLocalMode(env);
}

const httpOptions = (issuer: string, env: Pick<Env, 'APP_ENV'>) => ({
  [oauth.allowInsecureRequests]: issuer.startsWith('http:') && issuerAcceptable(issuer, env),
  signal: AbortSignal.timeout(TIMEOUT_MS),
});

/** The issuer's discovery document, checked (its `issuer` must equal the configured one). */
export async function discover(issuer: string, env: Pick<Env, 'APP_ENV'>): Promise<oauth.AuthorizationServer> {
  if (!issuerAcceptable(issuer, env)) throw new SsoError('provider', 'issuer not acceptable');
  const url = new URL(issuer);
  try {
    const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, httpOptions(issuer, env)));
    if (!as.authorization_endpoint || !as.token_endpoint || !as.jwks_uri)
      throw new SsoError('provider', 'the discovery document lacks authorization, token or JWKS endpoint');
    return as;
  } catch (error) {
    if (error instanceof SsoError) throw error;
    throw new SsoError('provider', error instanceof Error ? error.message : String(error));
  }
}

export interface StartedLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const newLogin = (): StartedLogin => ({
  state: oauth.generateRandomState(),
  nonce: oauth.generateRandomNonce(),
  codeVerifier: oauth.generateRandomCodeVerifier(),
});

export async function authorizationUrl(
  as: oauth.AuthorizationServer,
  clientId: string,
  redirectUri: string,
  login: StartedLogin,
  loginHint: string,
): Promise<string> {
  const url = new URL(as.authorization_endpoint as string);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: login.state,
    nonce: login.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(login.codeVerifier),
    code_challenge_method: 'S256',
    login_hint: loginHint,
  }).toString();
  return url.href;
}

export interface IdClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  amr?: unknown;
  acr?: unknown;
}

export interface Exchange {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The callback's query (code, state, iss, or error). */
  params: URLSearchParams;
  expected: StartedLogin;
  /** Seconds added to our clock when checking the ID token's times (0 except in the expiry test, ADR 048). */
  clockSkewSeconds: number;
}

/** Exchanges the code and returns the ID token's verified claims; throws SsoError. */
export async function exchangeCode(x: Exchange, env: Pick<Env, 'APP_ENV'>): Promise<IdClaims> {
  const as = await discover(x.issuer, env);
  const client: oauth.Client = { client_id: x.clientId, [oauth.clockSkew]: x.clockSkewSeconds };
  let idToken: string;
  try {
    const params = oauth.validateAuthResponse(as, client, x.params, x.expected.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(x.clientSecret),
      params,
      x.redirectUri,
      x.expected.codeVerifier,
      httpOptions(x.issuer, env),
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: x.expected.nonce,
      requireIdToken: true,
    });
    idToken = result.id_token as string;
  } catch (error) {
    const network = error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
    throw new SsoError(network ? 'provider' : 'failed', error instanceof Error ? error.message : String(error));
  }
  try {
    const jwks = createRemoteJWKSet(new URL(as.jwks_uri as string), { timeoutDuration: TIMEOUT_MS });
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: as.issuer,
      audience: x.clientId,
      currentDate: new Date(Date.now() + x.clockSkewSeconds * 1000),
      requiredClaims: ['iat', 'exp', 'sub'],
    });
    return payload as IdClaims;
  } catch (error) {
    throw new SsoError('failed', error instanceof Error ? error.message : String(error));
  }
}

/** The app's callback page (app/routes/_public.sso.callback) on the origin the request came to. */
export const callbackUrl = (requestUrl: string) => new URL('/sso/callback', requestUrl).href;
