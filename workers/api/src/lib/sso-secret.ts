/**
 * @module The key that seals SSO client secrets at rest (AES-GCM, domain/identity/secret-box.ts):
 * env SSO_SECRET_KEY. Like SESSION_SECRET, production must set its own (`wrangler secret put
 * SSO_SECRET_KEY`); only local development and tests (APP_ENV other than production) fall back to an
 * embedded development key when the variable is absent, so `npm start` works with no setup.
 */
import { decryptSecret, encryptSecret } from '@domain/identity/secret-box';

/** Development and tests only: never used when APP_ENV is production. */
const DEV_SSO_SECRET_KEY = 'dev-only-sso-secret-key-change-me-0123456789';

type SsoEnv = Pick<Env, 'APP_ENV'> & { SSO_SECRET_KEY?: string };

export const isLocalMode = (env: Pick<Env, 'APP_ENV'>) => env.APP_ENV === 'development' || env.APP_ENV === 'test';

export function ssoSecretKey(env: SsoEnv): string {
  const key = env.SSO_SECRET_KEY;
  if (key && key.length >= 32) return key;
  if (!key && isLocalMode(env)) return DEV_SSO_SECRET_KEY;
  throw new Error('SSO_SECRET_KEY is missing or shorter than 32 characters');
}

const context = (companyId: number) => `sso:${companyId}`;

export const sealClientSecret = (env: SsoEnv, companyId: number, secret: string) =>
  encryptSecret(secret, ssoSecretKey(env), context(companyId));

/** The client secret, or null when it was sealed under another key or for another company. */
export const openClientSecret = (env: SsoEnv, companyId: number, sealed: string) =>
  decryptSecret(sealed, ssoSecretKey(env), context(companyId));
