/**
 * @module The stored second factors: e-mailed codes (rows of `two_factor_codes`, only the code's
 * hash) and authenticator pairings (rows of `totp_pairings`, the seed sealed). Every write that uses
 * up a code or a time step is conditional, so two requests racing with the same code succeed once.
 */

import type { Db } from '@db/db';
import { TWO_FACTOR_METHOD, totpPairings, twoFactorCodes, users } from '@db/schema';
import { and, desc, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';

export type PairingRow = typeof totpPairings.$inferSelect;

/** The session's unused e-mailed codes, newest first (whether they expired is for the domain to say). */
export function unusedEmailedCodes(db: Db, sessionId: string) {
  return db
    .select({ id: twoFactorCodes.id, codeHash: twoFactorCodes.codeHash, expiresAt: twoFactorCodes.expiresAt })
    .from(twoFactorCodes)
    .where(and(eq(twoFactorCodes.sessionId, sessionId), isNull(twoFactorCodes.consumedAt)))
    .orderBy(desc(twoFactorCodes.id));
}

/** Retires the session's earlier codes and stores the new one's hash, together. */
export async function issueEmailedCode(
  db: Db,
  code: { userId: number; sessionId: string; codeHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.batch([
    db
      .update(twoFactorCodes)
      .set({ consumedAt: code.createdAt })
      .where(and(eq(twoFactorCodes.sessionId, code.sessionId), isNull(twoFactorCodes.consumedAt))),
    db.insert(twoFactorCodes).values(code),
  ]);
}

/** Uses the code up: true if this request did (a code is single-use even if two requests race with it). */
export async function spendEmailedCode(db: Db, id: number): Promise<boolean> {
  const used = await db
    .update(twoFactorCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(twoFactorCodes.id, id), isNull(twoFactorCodes.consumedAt)))
    .run();
  return used.meta.changes === 1;
}

/** The user's pairings that are not cancelled, newest first. */
export function activePairings(db: Db, userId: number): Promise<PairingRow[]> {
  return db
    .select()
    .from(totpPairings)
    .where(and(eq(totpPairings.userId, userId), isNull(totpPairings.cancelledAt)))
    .orderBy(desc(totpPairings.id));
}

/** True until the user has confirmed an authenticator once (a cancelled one counts too). */
export async function isFirstPairing(db: Db, userId: number): Promise<boolean> {
  const confirmed = await db
    .select({ id: totpPairings.id })
    .from(totpPairings)
    .where(and(eq(totpPairings.userId, userId), isNotNull(totpPairings.confirmedAt)))
    .limit(1);
  return confirmed.length === 0;
}

/** Cancels the user's other unconfirmed pairings and stores a new one; a confirmed one stays usable. */
export async function insertPairing(db: Db, userId: number, secretEnc: string) {
  const now = new Date();
  await db.batch([
    db
      .update(totpPairings)
      .set({ cancelledAt: now })
      .where(and(eq(totpPairings.userId, userId), isNull(totpPairings.cancelledAt), isNull(totpPairings.confirmedAt))),
    db.insert(totpPairings).values({ userId, secretEnc, createdAt: now }),
  ]);
}

/** Uses up `step` of the pairing once (and confirms it if asked): true if this request did. */
export async function acceptStep(db: Db, pairingId: number, step: number, confirm: boolean): Promise<boolean> {
  const accepted = await db
    .update(totpPairings)
    .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: new Date() } : {}) })
    .where(
      and(
        eq(totpPairings.id, pairingId),
        isNull(totpPairings.cancelledAt),
        or(isNull(totpPairings.lastUsedStep), lt(totpPairings.lastUsedStep, step)),
      ),
    )
    .run();
  return accepted.meta.changes === 1;
}

const authenticatorMethod = (db: Db, userId: number, now: Date) =>
  db
    .update(users)
    .set({ token2faMethodId: TWO_FACTOR_METHOD.AUTHENTICATOR, updatedAt: now })
    .where(eq(users.id, userId));

/** A newly confirmed pairing retires every other one, and the user's second factor becomes the authenticator. */
export async function retireOtherPairings(db: Db, userId: number, pairingId: number) {
  const now = new Date();
  await db.batch([
    db
      .update(totpPairings)
      .set({ cancelledAt: now })
      .where(and(eq(totpPairings.userId, userId), ne(totpPairings.id, pairingId), isNull(totpPairings.cancelledAt))),
    authenticatorMethod(db, userId, now),
  ]);
}

/** The user's second factor becomes the authenticator. */
export async function setAuthenticatorMethod(db: Db, userId: number) {
  await authenticatorMethod(db, userId, new Date());
}
