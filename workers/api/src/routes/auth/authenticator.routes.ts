/**
 * @module Authenticator-app pairing and codes: GET /2fa/authenticator/code, GET .../code/new,
 * POST .../code/validate. A seed is shown only until its pairing is confirmed, and a session that
 * has not passed 2FA may only pair a first authenticator of a user whose method is already 4:
 * otherwise a password alone could swap the second factor (see docs/decisions).
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { renderSVG } from 'uqr';
import { decryptSecret, encryptSecret } from '../../../../../domain/auth/secret-box';
import { newTotpSecret, totpUri, verifyTotp } from '../../../../../domain/auth/totp';
import { TWO_FACTOR_METHOD, totpPairings, users } from '../../../../../drizzle/schema';
import type { AppEnv } from '../../env';
import { audit } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { tooManyAttempts } from '../../lib/rate-limit';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { clientIp, sessionSecret } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import type { AuthContext } from '../../middleware/session';
import { CodeBody, jsonBody, MessageOk, PairingResponse } from './auth.schemas';
import { codeFailed, codeSucceeded, consumeCodeAttempt } from './second-factor';

type Pairing = typeof totpPairings.$inferSelect;

const getPairing = defineRoute('authenticated-2fa-pending', {
  method: 'get',
  path: '/2fa/authenticator/code',
  tags: ['Session'],
  summary: 'Whether an authenticator is paired; if not, the pending seed and its QR code',
  responses: { 200: json(PairingResponse) },
});

const repair = defineRoute('authenticated-2fa-pending', {
  method: 'get',
  path: '/2fa/authenticator/code/new',
  tags: ['Session'],
  summary: 'Start pairing a new authenticator; every older pairing is cancelled',
  responses: { 200: json(PairingResponse) },
});

const validate = defineRoute('authenticated-2fa-pending', {
  method: 'post',
  path: '/2fa/authenticator/code/validate',
  tags: ['Session'],
  summary: 'Check an authenticator code; confirms a pending pairing and passes 2FA',
  request: { body: jsonBody(CodeBody) },
  responses: {
    200: json(MessageOk),
    400: json(ErrorSchema, 'Invalid input, or no authenticator paired (TOTP_NOT_PAIRED)'),
    401: json(ErrorSchema, 'Wrong or replayed code (TWO_FACTOR_FAILED), or 2FA required first'),
    429: json(ErrorSchema, 'Too many failed attempts (TOO_MANY_ATTEMPTS)'),
  },
});

const secretContext = (userId: number) => `totp:${userId}`;

/** The user's pairings that are not cancelled, newest first. */
function activePairings(c: Context<AppEnv>, userId: number): Promise<Pairing[]> {
  return c
    .get('db')
    .select()
    .from(totpPairings)
    .where(and(eq(totpPairings.userId, userId), isNull(totpPairings.cancelledAt)))
    .orderBy(desc(totpPairings.id));
}

/** Pairing is open to a session past 2FA, or to the very first pairing of an authenticator user. */
function mayPair(auth: AuthContext, hasConfirmed: boolean): boolean {
  return auth.twoFactorPassed || (auth.user.token2faMethodId === TWO_FACTOR_METHOD.AUTHENTICATOR && !hasConfirmed);
}

const twoFactorFirst = (c: Context<AppEnv>, auth: AuthContext) =>
  apiError(c, 401, 'TWO_FACTOR_REQUIRED', 'twoFactorRequired', { token_2fa_method_id: auth.user.token2faMethodId });

function pending(secret: string, email: string) {
  const otpauthUri = totpUri(secret, email);
  return { paired: false as const, secret, otpauthUri, qrSvg: renderSVG(otpauthUri, { border: 2 }) };
}

/** Cancels every pairing of the user and starts a new unconfirmed one. */
async function startPairing(c: Context<AppEnv>, auth: AuthContext) {
  const db = c.get('db');
  const secret = newTotpSecret();
  const now = new Date();
  await db.batch([
    db
      .update(totpPairings)
      .set({ cancelledAt: now })
      .where(and(eq(totpPairings.userId, auth.user.id), isNull(totpPairings.cancelledAt))),
    db.insert(totpPairings).values({
      userId: auth.user.id,
      secretEnc: await encryptSecret(secret, sessionSecret(c.env), secretContext(auth.user.id)),
      createdAt: now,
    }),
  ]);
  return pending(secret, auth.user.email);
}

export const authenticatorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getPairing, async (c) => {
    const auth = authOf(c);
    const active = await activePairings(c, auth.user.id);
    if (active.some((p) => p.confirmedAt !== null)) return c.json({ paired: true as const }, 200);
    if (!mayPair(auth, false)) return twoFactorFirst(c, auth);
    const newest = active[0];
    const secret = newest && (await decryptSecret(newest.secretEnc, sessionSecret(c.env), secretContext(auth.user.id)));
    // A seed sealed under a previous SESSION_SECRET cannot be shown again; start over.
    if (!secret) return c.json(await startPairing(c, auth), 200);
    return c.json(pending(secret, auth.user.email), 200);
  })
  .openapi(repair, async (c) => {
    const auth = authOf(c);
    const active = await activePairings(c, auth.user.id);
    if (
      !mayPair(
        auth,
        active.some((p) => p.confirmedAt !== null),
      )
    )
      return twoFactorFirst(c, auth);
    const answer = await startPairing(c, auth);
    await audit(c.get('db'), {
      action: 'auth.totp.repair',
      actorUserId: auth.user.id,
      companyId: auth.company.id,
      detail: { cancelled: active.length },
      ip: clientIp(c),
    });
    return c.json(answer, 200);
  })
  .openapi(
    validate,
    async (c) => {
      const auth = authOf(c);
      const db = c.get('db');
      const [pairing] = await activePairings(c, auth.user.id);
      const secret =
        pairing && (await decryptSecret(pairing.secretEnc, sessionSecret(c.env), secretContext(auth.user.id)));
      if (!pairing || !secret) return apiError(c, 400, 'TOTP_NOT_PAIRED', 'totpNotPaired');
      if (pairing.confirmedAt === null && !mayPair(auth, false)) return twoFactorFirst(c, auth);
      const attempt = await consumeCodeAttempt(c, auth);
      if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
      const now = new Date();
      const step = verifyTotp(secret, c.req.valid('json')._2fa, now.getTime(), pairing.lastUsedStep);
      if (step === null) return codeFailed(c, auth, 'totp');
      // Conditional on the last step, so the same code sent twice at once is accepted only once.
      const accepted = await db
        .update(totpPairings)
        .set({ lastUsedStep: step, confirmedAt: pairing.confirmedAt ?? now })
        .where(
          and(
            eq(totpPairings.id, pairing.id),
            isNull(totpPairings.cancelledAt),
            or(isNull(totpPairings.lastUsedStep), lt(totpPairings.lastUsedStep, step)),
          ),
        )
        .run();
      if (accepted.meta.changes !== 1) return codeFailed(c, auth, 'totp');
      if (pairing.confirmedAt === null || auth.user.token2faMethodId !== TWO_FACTOR_METHOD.AUTHENTICATOR) {
        await db
          .update(users)
          .set({ token2faMethodId: TWO_FACTOR_METHOD.AUTHENTICATOR, updatedAt: now })
          .where(eq(users.id, auth.user.id));
        await audit(db, {
          action: 'auth.totp.paired',
          actorUserId: auth.user.id,
          companyId: auth.company.id,
          entity: 'totp_pairing',
          entityId: pairing.id,
          ip: clientIp(c),
        });
      }
      return codeSucceeded(c, auth, attempt, 'totp');
    },
    keyedValidation,
  );
