/**
 * @module Authenticator-app pairing and codes: GET /2fa/authenticator/code (read only), POST
 * .../code/new, POST .../code/validate. A seed is shown only until its pairing is confirmed; a
 * password alone may start only the very first pairing of an authenticator user, and every later
 * pairing needs the current second factor in the request (a code of the paired authenticator or
 * an e-mailed code). Older pairings are cancelled only when the new one is confirmed (ADR 007).
 */

import { TWO_FACTOR_METHOD, totpPairings, users } from '@db/schema';
import { decryptSecret, encryptSecret } from '@domain/identity/secret-box';
import { newTotpSecret, totpUri, verifyTotp } from '@domain/identity/totp';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, desc, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { renderSVG } from 'uqr';
import type { AppEnv } from '../../env';
import { audit } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { tooManyAttempts } from '../../lib/rate-limit';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { clientIp, sessionSecret } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import type { AuthContext } from '../../middleware/session';
import { CodeBody, jsonBody, MessageOk, PairingResponse, RepairBody } from './auth.schemas';
import { codeFailed, codeSucceeded, consumeCodeAttempt, takeEmailedCode } from './second-factor';

type Pairing = typeof totpPairings.$inferSelect;

const getPairing = defineRoute('authenticated-2fa-pending', {
  method: 'get',
  path: '/2fa/authenticator/code',
  tags: ['Session'],
  summary: 'Whether an authenticator is paired; during a first pairing, its seed and QR code. Changes nothing',
  responses: { 200: json(PairingResponse) },
});

const repair = defineRoute('authenticated-2fa-pending', {
  // POST, not the spec's GET: it creates a pairing, so a link must not be able to trigger it.
  method: 'post',
  path: '/2fa/authenticator/code/new',
  tags: ['Session'],
  summary:
    'Start pairing a new authenticator. Needs `_2fa` (a code of the paired authenticator, or an e-mailed code from POST /2fa/send-code) unless it is the first pairing; older pairings are cancelled when the new one is confirmed',
  request: { body: { required: false, content: { 'application/json': { schema: RepairBody } } } },
  responses: {
    200: json(PairingResponse),
    401: json(ErrorSchema, 'Second factor missing (TWO_FACTOR_REQUIRED) or wrong (TWO_FACTOR_FAILED)'),
    429: json(ErrorSchema, 'Too many failed attempts (TOO_MANY_ATTEMPTS)'),
  },
});

const validate = defineRoute('authenticated-2fa-pending', {
  method: 'post',
  path: '/2fa/authenticator/code/validate',
  tags: ['Session'],
  summary: 'Check an authenticator code; confirms a pending pairing (cancelling older ones) and passes 2FA',
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

/** True until the user has confirmed an authenticator once (a cancelled one counts too). */
async function isFirstPairing(c: Context<AppEnv>, userId: number): Promise<boolean> {
  const confirmed = await c
    .get('db')
    .select({ id: totpPairings.id })
    .from(totpPairings)
    .where(and(eq(totpPairings.userId, userId), isNotNull(totpPairings.confirmedAt)))
    .limit(1);
  return confirmed.length === 0;
}

/**
 * Who may see or confirm a pending pairing: a session past 2FA, or a session of an authenticator
 * user (method 4) waiting for its code. An e-mail-code user pairs only after passing 2FA.
 */
function mayConfirm(auth: AuthContext): boolean {
  return auth.twoFactorPassed || auth.user.token2faMethodId === TWO_FACTOR_METHOD.AUTHENTICATOR;
}

const twoFactorFirst = (c: Context<AppEnv>, auth: AuthContext) =>
  apiError(c, 401, 'TWO_FACTOR_REQUIRED', 'twoFactorRequired', { token_2fa_method_id: auth.user.token2faMethodId });

function pending(secret: string, email: string) {
  const otpauthUri = totpUri(secret, email);
  return { paired: false as const, secret, otpauthUri, qrSvg: renderSVG(otpauthUri, { border: 2 }) };
}

const seedOf = (c: Context<AppEnv>, pairing: Pairing, userId: number) =>
  decryptSecret(pairing.secretEnc, sessionSecret(c.env), secretContext(userId));

/** Cancels the user's other unconfirmed pairings and starts a new one; a confirmed one stays usable. */
async function startPairing(c: Context<AppEnv>, auth: AuthContext) {
  const db = c.get('db');
  const secret = newTotpSecret();
  const now = new Date();
  await db.batch([
    db
      .update(totpPairings)
      .set({ cancelledAt: now })
      .where(
        and(eq(totpPairings.userId, auth.user.id), isNull(totpPairings.cancelledAt), isNull(totpPairings.confirmedAt)),
      ),
    db.insert(totpPairings).values({
      userId: auth.user.id,
      secretEnc: await encryptSecret(secret, sessionSecret(c.env), secretContext(auth.user.id)),
      createdAt: now,
    }),
  ]);
  return pending(secret, auth.user.email);
}

/** Accepts `step` for `pairing` once: the same code sent twice at once is accepted only once. */
async function acceptStep(c: Context<AppEnv>, pairing: Pairing, step: number, confirm: boolean): Promise<boolean> {
  const accepted = await c
    .get('db')
    .update(totpPairings)
    .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: new Date() } : {}) })
    .where(
      and(
        eq(totpPairings.id, pairing.id),
        isNull(totpPairings.cancelledAt),
        or(isNull(totpPairings.lastUsedStep), lt(totpPairings.lastUsedStep, step)),
      ),
    )
    .run();
  return accepted.meta.changes === 1;
}

/** A code of the user's confirmed authenticator (used up), or else this session's e-mailed code. */
async function currentFactorMatches(c: Context<AppEnv>, auth: AuthContext, code: string): Promise<boolean> {
  const confirmed = (await activePairings(c, auth.user.id)).find((p) => p.confirmedAt !== null);
  const secret = confirmed && (await seedOf(c, confirmed, auth.user.id));
  if (confirmed && secret) {
    const step = verifyTotp(secret, code, Date.now(), confirmed.lastUsedStep);
    if (step !== null) return acceptStep(c, confirmed, step, false);
  }
  return takeEmailedCode(c, auth, code);
}

export const authenticatorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getPairing, async (c) => {
    const auth = authOf(c);
    const active = await activePairings(c, auth.user.id);
    if (active.some((p) => p.confirmedAt !== null)) return c.json({ paired: true as const }, 200);
    if (!mayConfirm(auth)) return twoFactorFirst(c, auth);
    const newest = active[0];
    // The seed of a later pairing is shown only in the answer of the request that proved the factor.
    if (!newest || !(auth.twoFactorPassed || (await isFirstPairing(c, auth.user.id)))) {
      return c.json({ paired: false as const }, 200);
    }
    // A seed sealed under a previous SESSION_SECRET cannot be shown again: the client pairs anew.
    const secret = await seedOf(c, newest, auth.user.id);
    if (!secret) return c.json({ paired: false as const }, 200);
    return c.json(pending(secret, auth.user.email), 200);
  })
  .openapi(
    repair,
    async (c) => {
      const auth = authOf(c);
      const code = (c.req.valid('json') as { _2fa?: string } | undefined)?._2fa;
      if (code === undefined) {
        if (!mayConfirm(auth) || !(await isFirstPairing(c, auth.user.id))) return twoFactorFirst(c, auth);
      } else {
        const attempt = await consumeCodeAttempt(c, auth);
        if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
        if (!(await currentFactorMatches(c, auth, code))) return codeFailed(c, auth, 'totp');
      }
      const answer = await startPairing(c, auth);
      await audit(c.get('db'), {
        action: 'auth.totp.repair',
        actorUserId: auth.user.id,
        companyId: auth.company.id,
        detail: { proof: code === undefined ? 'first-pairing' : 'second-factor' },
        ip: clientIp(c),
      });
      return c.json(answer, 200);
    },
    keyedValidation,
  )
  .openapi(
    validate,
    async (c) => {
      const auth = authOf(c);
      const db = c.get('db');
      const active = await activePairings(c, auth.user.id);
      const pendingPairing = active.find((p) => p.confirmedAt === null);
      const confirmed = active.find((p) => p.confirmedAt !== null);
      const pendingSecret = pendingPairing && (await seedOf(c, pendingPairing, auth.user.id));
      const confirmedSecret = confirmed && (await seedOf(c, confirmed, auth.user.id));
      if (!pendingSecret && !confirmedSecret) return apiError(c, 400, 'TOTP_NOT_PAIRED', 'totpNotPaired');
      if (!confirmedSecret && !mayConfirm(auth)) return twoFactorFirst(c, auth);
      const attempt = await consumeCodeAttempt(c, auth);
      if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
      const input = c.req.valid('json')._2fa;
      const now = new Date();
      // The new authenticator first: a code of it confirms the pairing and retires the old one.
      const newStep =
        pendingPairing && pendingSecret && mayConfirm(auth)
          ? verifyTotp(pendingSecret, input, now.getTime(), pendingPairing.lastUsedStep)
          : null;
      if (pendingPairing && newStep !== null) {
        if (!(await acceptStep(c, pendingPairing, newStep, true))) return codeFailed(c, auth, 'totp');
        await db.batch([
          db
            .update(totpPairings)
            .set({ cancelledAt: now })
            .where(
              and(
                eq(totpPairings.userId, auth.user.id),
                ne(totpPairings.id, pendingPairing.id),
                isNull(totpPairings.cancelledAt),
              ),
            ),
          db
            .update(users)
            .set({ token2faMethodId: TWO_FACTOR_METHOD.AUTHENTICATOR, updatedAt: now })
            .where(eq(users.id, auth.user.id)),
        ]);
        await audit(db, {
          action: 'auth.totp.paired',
          actorUserId: auth.user.id,
          companyId: auth.company.id,
          entity: 'totp_pairing',
          entityId: pendingPairing.id,
          ip: clientIp(c),
        });
        return codeSucceeded(c, auth, attempt, 'totp');
      }
      const step =
        confirmed && confirmedSecret ? verifyTotp(confirmedSecret, input, now.getTime(), confirmed.lastUsedStep) : null;
      if (!confirmed || step === null || !(await acceptStep(c, confirmed, step, false))) {
        return codeFailed(c, auth, 'totp');
      }
      if (auth.user.token2faMethodId !== TWO_FACTOR_METHOD.AUTHENTICATOR) {
        await db
          .update(users)
          .set({ token2faMethodId: TWO_FACTOR_METHOD.AUTHENTICATOR, updatedAt: now })
          .where(eq(users.id, auth.user.id));
      }
      return codeSucceeded(c, auth, attempt, 'totp');
    },
    keyedValidation,
  );
