/** @module POST /login and POST /logout. */

import { users } from '@db/schema';
import { verifyPassword } from '@domain/identity/password';
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { audit } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { consume, refund, tooManyAttempts } from '../../lib/rate-limit';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { clearSessionCookie, clientIp, setSessionCookie } from '../../lib/session-cookie';
import { jsonBody, LoginBody, LoginResponse, MessageOk } from './auth.schemas';
import { openSession, revokeSession } from './sessions';

const login = defineRoute('public', {
  method: 'post',
  path: '/login',
  tags: ['Session'],
  summary: 'Check e-mail and password; opens a session that must still pass 2FA',
  request: { body: jsonBody(LoginBody) },
  responses: {
    200: json(LoginResponse, 'Session opened (cookie `sid` set); 2FA pending'),
    401: json(ErrorSchema, 'Wrong e-mail or password (LOGIN_FAILED)'),
    429: json(ErrorSchema, 'Too many failed attempts (TOO_MANY_ATTEMPTS)'),
  },
});

const logout = defineRoute('public', {
  method: 'post',
  path: '/logout',
  tags: ['Session'],
  summary: "Revoke the caller's session, if any, and clear the cookie",
  responses: { 200: json(MessageOk) },
});

export const loginRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    login,
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
      const user = await db.select().from(users).where(eq(users.email, account)).get();
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
      if (previous) await revokeSession(c, previous.sessionId);
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
      return c.json(
        {
          token: session.jwt,
          user: {
            id: usable.id,
            email: usable.email,
            firstName: usable.firstName,
            lastName: usable.lastName,
            language: usable.language,
            token_2fa_method_id: usable.token2faMethodId,
          },
          twoFactorRequired: true as const,
        },
        200,
      );
    },
    keyedValidation,
  )
  .openapi(logout, async (c) => {
    const auth = c.get('auth');
    if (auth) {
      await revokeSession(c, auth.sessionId);
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
