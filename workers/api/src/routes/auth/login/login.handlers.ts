/** @module POST /login and POST /logout: the password check, the session it opens, and its end. */

import type { AppEnv } from '@api/env';
import { audit } from '@api/lib/audit.store';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { consume, refund, tooManyAttempts } from '@api/lib/rate-limit';
import { clearSessionCookie, clientIp, setSessionCookie } from '@api/lib/session-cookie';
import { verifyPassword } from '@domain/identity/password';
import { OpenAPIHono } from '@hono/zod-openapi';
import { revokeSession } from '../auth.store';
import { openSession } from '../session-open';
import * as r from './login.routes';
import { toSessionUser } from './login.schemas';
import { userByEmail } from './login.store';

export const loginRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    r.login,
    async (c) => {
      const { email, password } = c.req.valid('json');
      const db = c.get('db');
      const ip = clientIp(c);
      const account = email.trim().toLowerCase();
      const attempt = await consume(db, [
        { limit: 'loginPerAccount', subject: account },
        { limit: 'loginPerClient', subject: ip },
      ]);
      if (attempt.retryAfterSeconds !== null) {
        await audit(db, { action: 'auth.login.rate_limited', detail: { email: account }, ip });
        return tooManyAttempts(c, attempt.retryAfterSeconds);
      }
      const user = await userByEmail(db, account);
      const usable = user?.status === 'active' ? user : undefined;
      // Always hash: an unknown or deleted account costs the same time as a wrong password.
      const ok = await verifyPassword(password, usable?.passwordHash ?? null);
      if (!ok || !usable) {
        await audit(db, {
          action: 'auth.login.failure',
          actorUserId: user?.id ?? null,
          detail: { email: account },
          ip,
        });
        return apiError(c, 401, 'LOGIN_FAILED', 'loginFailed');
      }
      await refund(db, attempt);
      // A browser that logs in again leaves its previous session behind; close it.
      const previous = c.get('auth');
      if (previous) await revokeSession(db, previous.sessionId);
      const session = await openSession(c, usable);
      await audit(db, {
        action: 'auth.login.success',
        actorUserId: usable.id,
        companyId: usable.companyId,
        entity: 'auth_session',
        entityId: session.sessionId.slice(0, 12),
        ip,
      });
      setSessionCookie(c, session.token);
      return c.json({ token: session.jwt, user: toSessionUser(usable), twoFactorRequired: true as const }, 200);
    },
    keyedValidation,
  )
  .openapi(r.logout, async (c) => {
    const auth = c.get('auth');
    if (auth) {
      await revokeSession(c.get('db'), auth.sessionId);
      await audit(c.get('db'), {
        action: 'auth.logout',
        actorUserId: auth.user.id,
        companyId: auth.company.id,
        entity: 'auth_session',
        entityId: auth.sessionId.slice(0, 12),
        ip: clientIp(c),
      });
    }
    clearSessionCookie(c);
    return c.json({ message: 'OK' as const }, 200);
  });
