/**
 * @module The second factor. Every check is gather → decide → write: the store gathers the
 * session's e-mailed codes and the user's authenticator pairings, `checkSecondFactor`
 * (domain/identity/second-factor.ts) names the proof the code satisfies, and the store uses that
 * proof up. An authenticator seed is shown only until its pairing is confirmed; a password alone may
 * start only the very first pairing of an authenticator user, and every later pairing needs the
 * current second factor. Older pairings are cancelled only when the new one is confirmed (ADR 007).
 */

import type { AppEnv } from '@api/env';
import { audit } from '@api/lib/audit.store';
import { enqueueEmail } from '@api/lib/email.store';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { type Consumed, consume, refund, tooManyAttempts } from '@api/lib/rate-limit';
import { clientIp, sessionSecret } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import type { AuthContext } from '@api/middleware/session';
import { TWO_FACTOR_METHOD } from '@db/schema';
import { TWO_FACTOR_CODE_TTL_MINUTES } from '@domain/identity/constants';
import { sha256Hex } from '@domain/identity/encoding';
import {
  type AuthenticatorPairing,
  authenticatorProofs,
  authenticatorRefusal,
  checkSecondFactor,
  emailedCodeHash,
  mayConfirmPairing,
  type ProofKind,
  type SecondFactorProof,
} from '@domain/identity/second-factor';
import { decryptSecret, encryptSecret } from '@domain/identity/secret-box';
import { newTotpSecret, totpUri } from '@domain/identity/totp';
import { generateNumericCode } from '@domain/identity/two-factor';
import { OpenAPIHono } from '@hono/zod-openapi';
import { authEmail } from '@i18n/auth-emails';
import type { Context } from 'hono';
import { renderSVG } from 'uqr';
import { markTwoFactorPassed } from '../auth.store';
import * as r from './two-factor.routes';
import * as store from './two-factor.store';

type Ctx = Context<AppEnv>;
type Method = 'email' | 'totp';

/** Counts the attempt before the code is looked at; a success gives it back. */
async function consumeCodeAttempt(c: Ctx, auth: AuthContext): Promise<Consumed> {
  const ip = clientIp(c);
  const attempt = await consume(c.get('db'), [
    { limit: 'codePerAccount', subject: String(auth.user.id) },
    { limit: 'codePerClient', subject: ip },
  ]);
  if (attempt.retryAfterSeconds !== null) {
    await audit(c.get('db'), {
      action: 'auth.2fa.failure',
      actorUserId: auth.user.id,
      companyId: auth.company.id,
      detail: { reason: 'rate_limited' },
      ip,
    });
  }
  return attempt;
}

async function codeFailed(c: Ctx, auth: AuthContext, method: Method) {
  await audit(c.get('db'), {
    action: 'auth.2fa.failure',
    actorUserId: auth.user.id,
    companyId: auth.company.id,
    detail: { method },
    ip: clientIp(c),
  });
  return apiError(c, 401, 'TWO_FACTOR_FAILED', 'twoFactorFailed');
}

async function codeSucceeded(c: Ctx, auth: AuthContext, attempt: Consumed, method: Method) {
  const db = c.get('db');
  await refund(db, attempt);
  await markTwoFactorPassed(db, auth.sessionId);
  await audit(db, {
    action: 'auth.2fa.success',
    actorUserId: auth.user.id,
    companyId: auth.company.id,
    detail: { method },
    ip: clientIp(c),
  });
  return c.json({ message: 'OK' as const }, 200);
}

const secretContext = (userId: number) => `totp:${userId}`;

/** The seed of a stored pairing; null when it was sealed under a previous SESSION_SECRET. */
const seedOf = (c: Ctx, pairing: store.PairingRow) =>
  decryptSecret(pairing.secretEnc, sessionSecret(c.env), secretContext(pairing.userId));

/** Gather: the user's active pairings, newest first, seeds opened. */
async function openedPairings(c: Ctx, userId: number): Promise<AuthenticatorPairing[]> {
  const rows = await store.activePairings(c.get('db'), userId);
  return Promise.all(
    rows.map(async (p) => ({
      id: p.id,
      confirmed: p.confirmedAt !== null,
      lastUsedStep: p.lastUsedStep,
      secret: await seedOf(c, p),
    })),
  );
}

/** Gather → decide: the proof `input` gives among `accept`. */
async function proofOf(
  c: Ctx,
  auth: AuthContext,
  input: string,
  accept: ProofKind[],
  pairings: AuthenticatorPairing[],
) {
  const emailedCodes = accept.includes('emailed-code')
    ? await store.unusedEmailedCodes(c.get('db'), auth.sessionId)
    : [];
  return checkSecondFactor({
    input,
    inputHash: await emailedCodeHash(input),
    now: new Date(),
    emailedCodes,
    pairings,
    accept,
  });
}

/** Write: uses the proof up, once; false when there is none or a concurrent request used it first. */
function spend(c: Ctx, proof: SecondFactorProof): Promise<boolean> {
  const db = c.get('db');
  if (proof.kind === 'emailed-code') return store.spendEmailedCode(db, proof.codeId);
  if (proof.kind === 'authenticator') return store.acceptStep(db, proof.pairingId, proof.step, proof.confirmsPairing);
  return Promise.resolve(false);
}

const mayConfirm = (auth: AuthContext) =>
  mayConfirmPairing({
    twoFactorPassed: auth.twoFactorPassed,
    usesAuthenticator: auth.user.token2faMethodId === TWO_FACTOR_METHOD.AUTHENTICATOR,
  });

const twoFactorFirst = (c: Ctx, auth: AuthContext) =>
  apiError(c, 401, 'TWO_FACTOR_REQUIRED', 'twoFactorRequired', { token_2fa_method_id: auth.user.token2faMethodId });

function pending(secret: string, email: string) {
  const otpauthUri = totpUri(secret, email);
  return { paired: false as const, secret, otpauthUri, qrSvg: renderSVG(otpauthUri, { border: 2 }) };
}

export const twoFactorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.sendCode, async (c) => {
    const { user, sessionId } = authOf(c);
    const db = c.get('db');
    const sent = await consume(db, [{ limit: 'sendCodePerAccount', subject: String(user.id) }]);
    if (sent.retryAfterSeconds !== null) return tooManyAttempts(c, sent.retryAfterSeconds);
    const now = new Date();
    const code = generateNumericCode();
    const mail = authEmail('two-factor-code', user.language, { code, minutes: TWO_FACTOR_CODE_TTL_MINUTES });
    await store.issueEmailedCode(db, {
      userId: user.id,
      sessionId,
      codeHash: await sha256Hex(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TWO_FACTOR_CODE_TTL_MINUTES * 60_000),
    });
    await enqueueEmail(db, { to: user.email, template: 'two-factor-code', ...mail });
    return c.json({ message: 'OK' as const }, 200);
  })
  .openapi(
    r.verifyCode,
    async (c) => {
      const auth = authOf(c);
      const attempt = await consumeCodeAttempt(c, auth);
      if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
      const proof = await proofOf(c, auth, c.req.valid('json')._2fa, ['emailed-code'], []);
      if (!(await spend(c, proof))) return codeFailed(c, auth, 'email');
      return codeSucceeded(c, auth, attempt, 'email');
    },
    keyedValidation,
  )
  .openapi(r.getPairing, async (c) => {
    const auth = authOf(c);
    const db = c.get('db');
    const active = await store.activePairings(db, auth.user.id);
    if (active.some((p) => p.confirmedAt !== null)) return c.json({ paired: true as const }, 200);
    if (!mayConfirm(auth)) return twoFactorFirst(c, auth);
    const newest = active[0];
    // The seed of a later pairing is shown only in the answer of the request that proved the factor.
    if (!newest || !(auth.twoFactorPassed || (await store.isFirstPairing(db, auth.user.id)))) {
      return c.json({ paired: false as const }, 200);
    }
    // A seed sealed under a previous SESSION_SECRET cannot be shown again: the client pairs anew.
    const secret = await seedOf(c, newest);
    if (!secret) return c.json({ paired: false as const }, 200);
    return c.json(pending(secret, auth.user.email), 200);
  })
  .openapi(
    r.repair,
    async (c) => {
      const auth = authOf(c);
      const db = c.get('db');
      const code = (c.req.valid('json') as { _2fa?: string } | undefined)?._2fa;
      if (code === undefined) {
        if (!mayConfirm(auth) || !(await store.isFirstPairing(db, auth.user.id))) return twoFactorFirst(c, auth);
      } else {
        const attempt = await consumeCodeAttempt(c, auth);
        if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
        // The current factor: a code of the confirmed authenticator, or else this session's e-mailed code.
        const pairings = await openedPairings(c, auth.user.id);
        const proof = await proofOf(c, auth, code, ['confirmed-authenticator', 'emailed-code'], pairings);
        if (!(await spend(c, proof))) return codeFailed(c, auth, 'totp');
      }
      const secret = newTotpSecret();
      await store.insertPairing(
        db,
        auth.user.id,
        await encryptSecret(secret, sessionSecret(c.env), secretContext(auth.user.id)),
      );
      await audit(db, {
        action: 'auth.totp.repair',
        actorUserId: auth.user.id,
        companyId: auth.company.id,
        detail: { proof: code === undefined ? 'first-pairing' : 'second-factor' },
        ip: clientIp(c),
      });
      return c.json(pending(secret, auth.user.email), 200);
    },
    keyedValidation,
  )
  .openapi(
    r.validate,
    async (c) => {
      const auth = authOf(c);
      const db = c.get('db');
      const pairings = await openedPairings(c, auth.user.id);
      const refusal = authenticatorRefusal(pairings, mayConfirm(auth));
      if (refusal === 'not-paired') return apiError(c, 400, 'TOTP_NOT_PAIRED', 'totpNotPaired');
      if (refusal === 'second-factor-first') return twoFactorFirst(c, auth);
      const attempt = await consumeCodeAttempt(c, auth);
      if (attempt.retryAfterSeconds !== null) return tooManyAttempts(c, attempt.retryAfterSeconds);
      // The new authenticator first: a code of it confirms the pairing and retires the old one.
      const proof = await proofOf(c, auth, c.req.valid('json')._2fa, authenticatorProofs(mayConfirm(auth)), pairings);
      if (proof.kind !== 'authenticator' || !(await spend(c, proof))) return codeFailed(c, auth, 'totp');
      if (proof.confirmsPairing) {
        await store.retireOtherPairings(db, auth.user.id, proof.pairingId);
        await audit(db, {
          action: 'auth.totp.paired',
          actorUserId: auth.user.id,
          companyId: auth.company.id,
          entity: 'totp_pairing',
          entityId: proof.pairingId,
          ip: clientIp(c),
        });
      } else if (auth.user.token2faMethodId !== TWO_FACTOR_METHOD.AUTHENTICATOR) {
        await store.setAuthenticatorMethod(db, auth.user.id);
      }
      return codeSucceeded(c, auth, attempt, 'totp');
    },
    keyedValidation,
  );
