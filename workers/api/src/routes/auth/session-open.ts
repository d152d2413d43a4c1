/**
 * @module Opening a login session, shared by the password login and single sign-on (ADR 048), so
 * both set the same cookie, sign the same bearer JWT and follow the same expiry rules.
 */

import type { AppEnv } from '@api/env';
import { clientIp, sessionSecret, userAgent } from '@api/lib/session-cookie';
import { jwtKey } from '@api/middleware/session';
import { companyScopeIds } from '@db/queries/companies.store';
import { SESSION_MAX_AGE_HOURS } from '@domain/identity/constants';
import { randomToken, sha256Hex } from '@domain/identity/encoding';
import type { Context } from 'hono';
import { SignJWT } from 'jose';
import { insertSession, roleIdsOf, type UserRow } from './auth.store';

export interface OpenedSession {
  /** The raw token for the cookie; only its hash is stored. */
  token: string;
  sessionId: string;
  /** Bearer JWT carrying `sid` (the stored hash) and the session's expiry. */
  jwt: string;
}

/**
 * Starts a session for a user whose password (or SSO login) was just verified. Roles are snapshotted now, so a
 * role change takes effect at the next login (spec 6); the selected company is the one last
 * chosen if it is still inside the user's company tree.
 */
export async function openSession(c: Context<AppEnv>, user: UserRow): Promise<OpenedSession> {
  sessionSecret(c.env); // throws rather than sign tokens with an empty key
  const db = c.get('db');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_HOURS * 3_600_000);
  const roleIds = await roleIdsOf(db, user.id);
  const scope = await companyScopeIds(db, user.companyId);
  const selected =
    user.selectedCompanyId !== null && scope.includes(user.selectedCompanyId) ? user.selectedCompanyId : user.companyId;
  const token = randomToken();
  const sessionId = await sha256Hex(token);
  await insertSession(db, {
    id: sessionId,
    userId: user.id,
    rolesJson: JSON.stringify(roleIds),
    selectedCompanyId: selected,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: clientIp(c),
    userAgent: userAgent(c),
  });
  const jwt = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(jwtKey(c.env));
  return { token, sessionId, jwt };
}
