/**
 * @module Single sign-on login with OpenID Connect (ADR 048). `start` keeps the login's state, nonce
 * and PKCE verifier in D1 (keyed by the state's hash, ten minutes, single use) and the state in an
 * httpOnly cookie of this browser; `callback` needs both to agree, claims the row atomically, exchanges
 * the code, verifies the ID token, finds or provisions the user and opens the session exactly as the
 * password login does. Our 2FA is still required unless the company lets the provider's proven MFA
 * replace it.
 */
import type { AppEnv } from '@api/env';
import { audit } from '@api/lib/audit.store';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { consume, tooManyAttempts } from '@api/lib/rate-limit';
import { clientIp, setSessionCookie } from '@api/lib/session-cookie';
import { openClientSecret } from '@api/lib/sso-secret';
import { sha256Hex } from '@domain/identity/encoding';
import { attemptExpiry, attemptUse, emailDomain, secondFactorRequired } from '@domain/identity/sso';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { markTwoFactorPassed, revokeSession } from '../auth.store';
import { toSessionUser } from '../login/login.schemas';
import { openSession } from '../session-open';
import { authorizationUrl, callbackUrl, discover, exchangeCode, newLogin, SsoError } from './sso.oidc';
import { ssoUser } from './sso.provision';
import * as r from './sso.routes';
import * as store from './sso.store';

type Ctx = Context<AppEnv>;

export const SSO_STATE_COOKIE = 'sso_state';
const REFUSAL_KEYS = {
  SSO_EMAIL_NOT_VERIFIED: 'ssoEmailNotVerified',
  SSO_DOMAIN_NOT_ALLOWED: 'ssoDomainNotAllowed',
  SSO_OTHER_COMPANY: 'ssoOtherCompany',
  SSO_ACCOUNT_DISABLED: 'ssoAccountDisabled',
} as const;

/** Lookups and starts count against the client like login attempts (their own counter). */
const limited = (c: Ctx) => consume(c.get('db'), [{ limit: 'loginPerClient', subject: `sso:${clientIp(c)}` }]);

/**
 * Seconds added to our clock when checking ID token times: only APP_ENV `test` honours
 * SSO_TEST_CLOCK_SKEW_SECONDS (the expired-token test injects it); everywhere else 0.
 */
function clockSkew(env: Env): number {
  const skew = Number((env as { SSO_TEST_CLOCK_SKEW_SECONDS?: string }).SSO_TEST_CLOCK_SKEW_SECONDS ?? 0);
  return env.APP_ENV === 'test' && Number.isFinite(skew) ? skew : 0;
}

async function failed(c: Ctx, reason: string, companyId: number | null = null) {
  await audit(c.get('db'), { action: 'auth.sso.failure', companyId, detail: { reason }, ip: clientIp(c) });
  return apiError(c, 401, 'SSO_FAILED', 'ssoFailed');
}

const providerError = (c: Ctx) => apiError(c, 502, 'SSO_PROVIDER_ERROR', 'ssoProviderError');

export const ssoRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    r.lookup,
    async (c) => {
      const attempt = await limited(c);
      if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
      const domain = emailDomain(c.req.valid('json').email);
      const found = domain ? await store.enabledConfigForDomain(c.get('db'), domain) : undefined;
      return c.json({ available: found !== undefined, company_name: found?.companyName ?? null }, 200);
    },
    keyedValidation,
  )
  .openapi(
    r.start,
    async (c) => {
      const attempt = await limited(c);
      if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
      const email = c.req.valid('json').email.trim().toLowerCase();
      const domain = emailDomain(email);
      const found = domain ? await store.enabledConfigForDomain(c.get('db'), domain) : undefined;
      if (!found) return apiError(c, 404, 'SSO_NOT_AVAILABLE', 'ssoNotAvailable');
      const { config } = found;
      let as: Awaited<ReturnType<typeof discover>>;
      try {
        as = await discover(config.issuer, c.env);
      } catch {
        return providerError(c);
      }
      const login = newLogin();
      const redirectUri = callbackUrl(c.req.url);
      const now = new Date();
      await store.insertAttempt(
        c.get('db'),
        {
          stateHash: await sha256Hex(login.state),
          companyId: config.companyId,
          nonce: login.nonce,
          codeVerifier: login.codeVerifier,
          redirectUri,
          createdAt: now,
          expiresAt: attemptExpiry(now),
        },
        now,
      );
      setCookie(c, SSO_STATE_COOKIE, login.state, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: 600,
      });
      const redirect_to = await authorizationUrl(as, config.clientId, redirectUri, login, email);
      return c.json({ redirect_to }, 200);
    },
    keyedValidation,
  )
  .openapi(
    r.callback,
    async (c) => {
      const db = c.get('db');
      const params = new URLSearchParams(c.req.valid('json').query);
      const cookieState = getCookie(c, SSO_STATE_COOKIE);
      deleteCookie(c, SSO_STATE_COOKIE, { path: '/' });
      // The state must be the one this browser started with, and a row of ours must hold it.
      const state = params.get('state');
      if (!state || !cookieState || state !== cookieState) return failed(c, 'state_mismatch');
      const stateHash = await sha256Hex(state);
      const row = await store.attemptByStateHash(db, stateHash);
      const now = new Date();
      if (!row) return failed(c, 'state_unknown');
      const use = attemptUse(row, now);
      if (use !== 'usable' || !(await store.claimAttempt(db, stateHash, now)))
        return failed(c, `attempt_${use}`, row.companyId);
      const found = await store.enabledConfigOf(db, row.companyId);
      if (!found) return failed(c, 'sso_disabled', row.companyId);
      const { config, domains } = found;
      const clientSecret = await openClientSecret(c.env, config.companyId, config.clientSecretSealed);
      if (clientSecret === null) return providerError(c);
      let claims: Awaited<ReturnType<typeof exchangeCode>>;
      try {
        claims = await exchangeCode(
          {
            issuer: config.issuer,
            clientId: config.clientId,
            clientSecret,
            redirectUri: row.redirectUri,
            params,
            expected: { state, nonce: row.nonce, codeVerifier: row.codeVerifier },
            clockSkewSeconds: clockSkew(c.env),
          },
          c.env,
        );
      } catch (error) {
        if (error instanceof SsoError && error.kind === 'provider') return providerError(c);
        return failed(c, 'token_invalid', config.companyId);
      }
      const ip = clientIp(c);
      const who = await ssoUser(db, config, domains, claims, (userId, email) => ({
        action: 'user.sso_provisioned',
        companyId: config.companyId,
        entity: 'user',
        entityId: userId,
        detail: { email },
        ip,
      }));
      if ('refusal' in who) {
        await audit(db, {
          action: 'auth.sso.refused',
          companyId: config.companyId,
          detail: { reason: who.refusal },
          ip,
        });
        return apiError(c, 403, who.refusal, REFUSAL_KEYS[who.refusal]);
      }
      const previous = c.get('auth');
      if (previous) await revokeSession(db, previous.sessionId);
      const session = await openSession(c, who.user);
      const twoFactorRequired = secondFactorRequired(config.idpMfaReplaces2fa, claims);
      if (!twoFactorRequired) await markTwoFactorPassed(db, session.sessionId);
      await audit(db, {
        action: 'auth.login.success',
        actorUserId: who.user.id,
        companyId: who.user.companyId,
        entity: 'auth_session',
        entityId: session.sessionId.slice(0, 12),
        detail: { method: 'sso', provisioned: who.provisioned, idpMfa: !twoFactorRequired },
        ip,
      });
      setSessionCookie(c, session.token);
      return c.json({ token: session.jwt, user: toSessionUser(who.user), twoFactorRequired }, 200);
    },
    keyedValidation,
  );
