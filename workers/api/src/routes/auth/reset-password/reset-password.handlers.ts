/**
 * @module POST /reset-password and POST /reset-password/confirm. The request always answers OK for
 * a well-formed address, so it cannot be used to learn which e-mails have accounts.
 */

import type { AppEnv } from '@api/env';
import { auditInsert } from '@api/lib/audit.store';
import { enqueueEmail } from '@api/lib/email.store';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { consume, tooManyAttempts } from '@api/lib/rate-limit';
import { clientIp } from '@api/lib/session-cookie';
import { PASSWORD_RESET_TTL_MINUTES } from '@domain/identity/constants';
import { randomToken, sha256Hex } from '@domain/identity/encoding';
import { hashPassword } from '@domain/identity/password';
import { OpenAPIHono } from '@hono/zod-openapi';
import { authEmail } from '@i18n/auth-emails';
import * as r from './reset-password.routes';
import {
  activeUserByEmail,
  activeUserById,
  insertResetLink,
  openResetLink,
  setPassword,
  spendResetLink,
} from './reset-password.store';

export const resetPasswordRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    r.requestReset,
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
      const user = await activeUserByEmail(db, account);
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
      await insertResetLink(
        db,
        {
          userId: target.id,
          tokenHash: await sha256Hex(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
        },
        { ...audited, actorUserId: target.id, companyId: target.companyId },
      );
      const mail = authEmail('password-reset', target.language, { link, minutes: PASSWORD_RESET_TTL_MINUTES });
      await enqueueEmail(db, { to: target.email, template: 'password-reset', ...mail });
      return c.json({ result: 'OK' as const }, 200);
    },
    keyedValidation,
  )
  .openapi(
    r.confirmReset,
    async (c) => {
      const { token, password, passwordConfirmation } = c.req.valid('json');
      if (password !== passwordConfirmation) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'passwordMismatch', { field: 'passwordConfirmation' });
      }
      const db = c.get('db');
      const invalid = () => apiError(c, 400, 'RESET_LINK_INVALID', 'resetLinkInvalid', { field: 'token' });
      const reset = await openResetLink(db, await sha256Hex(token));
      if (!reset) return invalid();
      const user = await activeUserById(db, reset.userId);
      if (!user) return invalid();
      // Spend the token first, so two concurrent submissions cannot both succeed.
      if (!(await spendResetLink(db, reset.id))) return invalid();
      await setPassword(db, user.id, await hashPassword(password), {
        action: 'auth.password_reset.completed',
        actorUserId: user.id,
        companyId: user.companyId,
        ip: clientIp(c),
      });
      return c.json({ result: 'OK' as const }, 200);
    },
    keyedValidation,
  );
