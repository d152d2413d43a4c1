/**
 * @module Every route declares its permission with one of these. 401 when not logged in or when
 * 2FA is pending (with the user's 2FA method so the client picks /2fa or /2fa-qr), 403 otherwise.
 */

import { scopeAllows } from '@domain/api-keys/api-keys';
import { can, type Permission } from '@domain/permissions/permissions';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { apiError } from '../lib/errors';
import type { AuthContext } from './session';

export type RouteAccess = Permission | 'public' | 'authenticated-2fa-pending';

function deny(c: Context<AppEnv>, access: RouteAccess) {
  const auth = c.get('auth');
  if (access === 'public') return null;
  if (!auth && c.get('sessionExpired')) return apiError(c, 401, 'SESSION_EXPIRED', 'sessionExpired');
  if (!auth) return apiError(c, 401, 'UNAUTHENTICATED', 'unauthorized');
  if (access === 'authenticated-2fa-pending') return auth.apiKey ? apiError(c, 403, 'FORBIDDEN', 'forbidden') : null;
  if (!auth.twoFactorPassed) {
    return apiError(c, 401, 'TWO_FACTOR_REQUIRED', 'twoFactorRequired', {
      token_2fa_method_id: auth.user.token2faMethodId,
    });
  }
  if (!can(auth.access, access)) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
  // An API key also stays within its scope: read-only keys GET routes, others their permission list.
  if (auth.apiKey && !scopeAllows(auth.apiKey.scope, c.req.method, access)) {
    return apiError(c, 403, 'FORBIDDEN', 'forbidden');
  }
  return null;
}

export function requireAccess(access: RouteAccess): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const denied = deny(c, access);
    if (denied) return denied;
    await next();
  };
}

/** The caller, for handlers behind a non-public requireAccess. */
export function authOf(c: Context<AppEnv>): AuthContext {
  const auth = c.get('auth');
  if (!auth) throw new Error('authOf called on a route without requireAccess');
  return auth;
}
