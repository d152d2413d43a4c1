/**
 * @module Resolves an `Authorization: Bearer evk_…` API key (ADR 047) into the caller: the key's
 * company is the selected company and its tree the scope, the user is the key's creator (for the
 * audit trail, which also names the key), the roles are the creator's at the key's creation, 2FA
 * counts as passed and there is no inactivity logout. Every request is counted per key and minute:
 * past API_KEY_REQUESTS_PER_MINUTE it answers 429 with Retry-After.
 */
import { companyKind } from '@db/queries/companies.store';
import {
  API_KEY_REQUESTS_PER_MINUTE,
  epochMinute,
  isWellFormedApiKey,
  secondsToNextMinute,
  storedScope,
} from '@domain/api-keys/api-keys';
import { sha256Hex } from '@domain/identity/encoding';
import { isListedUser } from '@domain/permissions/permissions';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { apiError } from '../lib/errors';
import { apiKeyFacts, countKeyRequest } from './api-key.store';
import type { AuthContext } from './session';

/** Routes of a person's session (login, logout, password reset, 2FA): a key is refused there. */
export const COOKIE_ONLY_PATH = /^\/api\/(login|logout|reset-password|2fa)(\/|$)/;

/** The caller of a live key, 'rate-limited' past the per-minute limit, or null (unknown, revoked, malformed). */
export async function resolveApiKey(
  c: Context<AppEnv>,
  secret: string,
  now = Date.now(),
): Promise<AuthContext | { retryAfterSeconds: number } | null> {
  if (!isWellFormedApiKey(secret)) return null;
  const db = c.get('db');
  const { key, user, company, services, scope } = await apiKeyFacts(db, await sha256Hex(secret));
  if (!key || user?.status !== 'active' || !company) return null;
  const count = await countKeyRequest(db, key.id, epochMinute(now), new Date(now));
  if (count > API_KEY_REQUESTS_PER_MINUTE) return { retryAfterSeconds: secondsToNextMinute(now) };
  return {
    sessionId: `api-key:${key.id}`,
    user,
    company,
    twoFactorPassed: true,
    access: {
      roles: JSON.parse(key.rolesJson) as number[],
      services: services.sort((a, b) => a - b),
      company: companyKind(company),
      lists: isListedUser(user.id, c.env.CPO_INVOICE_MANAGER_IDS) ? ['cpo-invoice-manager'] : [],
    },
    scope,
    apiKey: { id: key.id, scope: storedScope(key.scope, key.permissionsJson) },
  };
}

/** The 429 of a key past its per-minute limit. */
export function keyRateLimited(c: Context<AppEnv>, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, 'TOO_MANY_REQUESTS', 'apiKeyRateLimited', {
    retry_after: retryAfterSeconds,
    params: { seconds: retryAfterSeconds },
  });
}

/** A key sent to a route of a person's session. */
export const keyNotAllowedHere = (c: Context<AppEnv>) => apiError(c, 403, 'FORBIDDEN', 'forbidden');
