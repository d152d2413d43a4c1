/** @module The e-mailed 2FA code: POST /2fa/send-code and POST /2fa. */

import { twoFactorCodes } from '@db/schema';
import { TWO_FACTOR_CODE_TTL_MINUTES } from '@domain/identity/constants';
import { sha256Hex } from '@domain/identity/encoding';
import { generateNumericCode } from '@domain/identity/two-factor';
import { authEmail } from '@domain/i18n/auth-emails';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { enqueueEmail } from '../../lib/email';
import { keyedValidation } from '../../lib/keyed-validation';
import { consume, tooManyAttempts } from '../../lib/rate-limit';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { authOf } from '../../middleware/permission';
import { CodeBody, jsonBody, MessageOk } from './auth.schemas';
import { codeFailed, codeSucceeded, consumeCodeAttempt, takeEmailedCode } from './second-factor';

const sendCode = defineRoute('authenticated-2fa-pending', {
  // POST, not the spec's GET: it sends an e-mail and retires older codes (ADR 007, addendum).
  method: 'post',
  path: '/2fa/send-code',
  tags: ['Session'],
  summary: 'E-mail a new 6-digit code to the logged-in user; older codes of this session stop working',
  responses: { 200: json(MessageOk), 429: json(ErrorSchema, 'Too many codes requested (TOO_MANY_ATTEMPTS)') },
});

const verifyCode = defineRoute('authenticated-2fa-pending', {
  method: 'post',
  path: '/2fa',
  tags: ['Session'],
  summary: 'Check the e-mailed code; on success the session has passed 2FA',
  request: { body: jsonBody(CodeBody) },
  responses: {
    200: json(MessageOk),
    401: json(ErrorSchema, 'Wrong or expired code (TWO_FACTOR_FAILED), or not logged in'),
    429: json(ErrorSchema, 'Too many failed attempts (TOO_MANY_ATTEMPTS)'),
  },
});

export const twoFactorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(sendCode, async (c) => {
    const { user, sessionId } = authOf(c);
    const db = c.get('db');
    const sent = await consume(db, [{ limit: 'sendCodePerAccount', subject: String(user.id) }]);
    if (sent.retryAfterSeconds !== null) return tooManyAttempts(c, sent.retryAfterSeconds);
    const now = new Date();
    const code = generateNumericCode();
    const mail = authEmail('two-factor-code', user.language, { code, minutes: TWO_FACTOR_CODE_TTL_MINUTES });
    await db.batch([
      db
        .update(twoFactorCodes)
        .set({ consumedAt: now })
        .where(and(eq(twoFactorCodes.sessionId, sessionId), isNull(twoFactorCodes.consumedAt))),
      db.insert(twoFactorCodes).values({
        userId: user.id,
        sessionId,
        codeHash: await sha256Hex(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + TWO_FACTOR_CODE_TTL_MINUTES * 60_000),
      }),
    ]);
    await enqueueEmail(db, { to: user.email, template: 'two-factor-code', ...mail });
    return c.json({ message: 'OK' as const }, 200);
  })
  .openapi(
    verifyCode,
    async (c) => {
      const auth = authOf(c);
      const attempt = await consumeCodeAttempt(c, auth);
      if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
      if (!(await takeEmailedCode(c, auth, c.req.valid('json')._2fa))) return codeFailed(c, auth, 'email');
      return codeSucceeded(c, auth, attempt, 'email');
    },
    keyedValidation,
  );
