/**
 * @module What the e-mailed code and the authenticator code share: the attempt counter (per
 * user and per client, failures only), checking an e-mailed code, the audit trail, and what passing
 * 2FA does to the session.
 */

import { twoFactorCodes } from '@db/schema';
import { sha256Hex, timingSafeEqual } from '@domain/identity/encoding';
import { normalizeCode } from '@domain/identity/two-factor';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { audit } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { type Consumed, consume, refund } from '../../lib/rate-limit';
import { clientIp } from '../../lib/session-cookie';
import type { AuthContext } from '../../middleware/session';
import { markTwoFactorPassed } from './sessions';

export type SecondFactor = 'email' | 'totp';

/** Counts the attempt before the code is looked at; a success gives it back. */
export async function consumeCodeAttempt(c: Context<AppEnv>, auth: AuthContext): Promise<Consumed> {
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

export async function codeFailed(c: Context<AppEnv>, auth: AuthContext, method: SecondFactor) {
  await audit(c.get('db'), {
    action: 'auth.2fa.failure',
    actorUserId: auth.user.id,
    companyId: auth.company.id,
    detail: { method },
    ip: clientIp(c),
  });
  return apiError(c, 401, 'TWO_FACTOR_FAILED', 'twoFactorFailed');
}

export async function codeSucceeded(c: Context<AppEnv>, auth: AuthContext, attempt: Consumed, method: SecondFactor) {
  const db = c.get('db');
  await refund(db, attempt);
  await markTwoFactorPassed(c, auth.sessionId);
  await audit(db, {
    action: 'auth.2fa.success',
    actorUserId: auth.user.id,
    companyId: auth.company.id,
    detail: { method },
    ip: clientIp(c),
  });
  return c.json({ message: 'OK' as const }, 200);
}

const sameHash = (a: string, b: string) => timingSafeEqual(new TextEncoder().encode(a), new TextEncoder().encode(b));

/**
 * Checks `code` against the newest unexpired e-mailed code of this session and uses it up; true if
 * it matched. The conditional update makes a code single-use even if two requests race with it.
 */
export async function takeEmailedCode(c: Context<AppEnv>, auth: AuthContext, input: string): Promise<boolean> {
  const db = c.get('db');
  const code = normalizeCode(input);
  const row = await db
    .select()
    .from(twoFactorCodes)
    .where(
      and(
        eq(twoFactorCodes.sessionId, auth.sessionId),
        isNull(twoFactorCodes.consumedAt),
        gt(twoFactorCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(twoFactorCodes.id))
    .get();
  if (!row || code === null || !sameHash(await sha256Hex(code), row.codeHash)) return false;
  const used = await db
    .update(twoFactorCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(twoFactorCodes.id, row.id), isNull(twoFactorCodes.consumedAt)))
    .run();
  return used.meta.changes === 1;
}
