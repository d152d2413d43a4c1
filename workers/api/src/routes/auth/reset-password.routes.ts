/**
 * @module POST /reset-password and POST /reset-password/confirm. The request always answers OK for
 * a well-formed address, so it cannot be used to learn which e-mails have accounts.
 */

import { passwordResets, users } from '@db/schema';
import { PASSWORD_RESET_TTL_MINUTES } from '@domain/identity/constants';
import { randomToken, sha256Hex } from '@domain/identity/encoding';
import { hashPassword } from '@domain/identity/password';
import { authEmail } from '@domain/i18n/auth-emails';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { enqueueEmail } from '../../lib/email';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { consume, tooManyAttempts } from '../../lib/rate-limit';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { clientIp } from '../../lib/session-cookie';
import { jsonBody, ResetConfirmBody, ResetRequestBody, ResultOk } from './auth.schemas';
import { revokeAllSessions } from './sessions';

const requestReset = defineRoute('public', {
  method: 'post',
  path: '/reset-password',
  tags: ['Session'],
  summary: 'E-mail a single-use password reset link if the address belongs to an active account',
  request: { body: jsonBody(ResetRequestBody) },
  responses: {
    200: json(ResultOk, 'Always, for a valid address'),
    429: json(ErrorSchema, 'Too many requests (TOO_MANY_ATTEMPTS)'),
  },
});

const confirmReset = defineRoute('public', {
  method: 'post',
  path: '/reset-password/confirm',
  tags: ['Session'],
  summary: 'Set a new password with the link token; every session of the user is logged out',
  request: { body: jsonBody(ResetConfirmBody) },
  responses: { 200: json(ResultOk) },
});

export const resetPasswordRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    requestReset,
    async (c) => {
      const { email, userId } = c.req.valid('json');
      const db = c.get('db');
      const ip = clientIp(c);
      const account = email.trim().toLowerCase();
      // Every request counts: each one may send an e-mail.
      const attempt = await consume(db, [
        { limit: 'resetPerAccount', subject: account },
        { limit: 'resetPerClient', subject: ip },
      ]);
      if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
      const user = await db
        .select()
        .from(users)
        .where(and(eq(users.email, account), eq(users.status, 'active')))
        .get();
      const target = user && (userId == null || userId === user.id) ? user : undefined;
      const audited = { action: 'auth.password_reset.requested', detail: { email: account, sent: !!target }, ip };
      if (!target) {
        await auditInsert(db, audited);
        return c.json({ result: 'OK' as const }, 200);
      }
      const token = randomToken();
      const now = new Date();
      // In the fragment: browsers never send it, so no request line or server log carries the token.
      const link = `${new URL(c.req.url).origin}/reset-password/new#${token}`;
      await db.batch([
        // Only the newest link works: asking again retires the earlier ones.
        db
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, target.id), isNull(passwordResets.usedAt))),
        db.insert(passwordResets).values({
          userId: target.id,
          tokenHash: await sha256Hex(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
        }),
        auditInsert(db, { ...audited, actorUserId: target.id, companyId: target.companyId }),
      ]);
      const mail = authEmail('password-reset', target.language, { link, minutes: PASSWORD_RESET_TTL_MINUTES });
      await enqueueEmail(db, { to: target.email, template: 'password-reset', ...mail });
      return c.json({ result: 'OK' as const }, 200);
    },
    keyedValidation,
  )
  .openapi(
    confirmReset,
    async (c) => {
      const { token, password, passwordConfirmation } = c.req.valid('json');
      if (password !== passwordConfirmation) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'passwordMismatch', { field: 'passwordConfirmation' });
      }
      const db = c.get('db');
      const invalid = () => apiError(c, 400, 'RESET_LINK_INVALID', 'resetLinkInvalid', { field: 'token' });
      const reset = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, await sha256Hex(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .get();
      if (!reset) return invalid();
      const user = await db
        .select()
        .from(users)
        .where(and(eq(users.id, reset.userId), eq(users.status, 'active')))
        .get();
      if (!user) return invalid();
      // Spend the token first, conditionally, so two concurrent submissions cannot both succeed.
      const spent = await db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
        .run();
      if (spent.meta.changes !== 1) return invalid();
      await db.batch([
        db
          .update(users)
          .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
          .where(eq(users.id, user.id)),
        revokeAllSessions(c, user.id),
        auditInsert(db, {
          action: 'auth.password_reset.completed',
          actorUserId: user.id,
          companyId: user.companyId,
          ip: clientIp(c),
        }),
      ]);
      return c.json({ result: 'OK' as const }, 200);
    },
    keyedValidation,
  );
