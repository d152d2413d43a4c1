import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INACTIVITY_LOGOUT_MINUTES } from '../../domain/identity/constants';
import { sha256Hex } from '../../domain/identity/encoding';
import { auditLog, userRoles } from '../../drizzle/schema';
import { call, db, expectError, failOnConsoleError, login, loginPending, sql, world } from './helpers';

failOnConsoleError();

const actions = async (userId: number) =>
  (await db.select().from(auditLog).where(eq(auditLog.actorUserId, userId))).map((a) => a.action);

describe('sessions after login', () => {
  it('a 2FA-pending session gets 401 TWO_FACTOR_REQUIRED with the 2FA method on GET /api/me', async () => {
    const w = await world({ user: { token2faMethodId: 4 } });
    const session = await loginPending(w.email, w.password, w.ip);
    for (const caller of [{ cookie: session.cookie }, { token: session.token }]) {
      const body = await expectError(await call('/me', caller), 401, {
        code: 'TWO_FACTOR_REQUIRED',
        message: '2FA required',
      });
      expect(body.token_2fa_method_id).toBe(4);
    }
  });

  it('the bearer token works on GET /api/me and is refused after logout', async () => {
    const w = await world({ roles: [31] });
    const session = await login(w.email, w.password, w.ip);
    const me = await call('/me', { token: session.token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: number } }).user.id).toBe(w.user.id);

    const out = await call('/logout', { method: 'POST', token: session.token });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: 'OK' });
    await expectError(await call('/me', { token: session.token }), 401, {
      code: 'UNAUTHENTICATED',
      message: 'You are not logged in.',
    });
    await expectError(await call('/me', { cookie: session.cookie }), 401, {
      code: 'UNAUTHENTICATED',
      message: 'You are not logged in.',
    });
    expect(await actions(w.user.id)).toContain('auth.logout');
  });

  it('logout clears the cookie and answers OK even without a session', async () => {
    const res = await call('/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'OK' });
    expect(res.headers.get('set-cookie')).toMatch(/^sid=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it('refuses a tampered or foreign bearer token', async () => {
    const w = await world();
    const session = await login(w.email, w.password, w.ip);
    const [head, payload] = session.token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    await expectError(await call('/me', { token: forged }), 401, {
      code: 'UNAUTHENTICATED',
      message: 'You are not logged in.',
    });
  });

  it(`logs out after more than ${INACTIVITY_LOGOUT_MINUTES} minutes of inactivity`, async () => {
    const w = await world();
    const session = await login(w.email, w.password, w.ip);
    const sid = await sha256Hex(session.cookie);
    const idle = (minutes: number) =>
      sql('UPDATE auth_sessions SET last_seen_at = ? WHERE id = ?', Date.now() - minutes * 60_000, sid);
    await idle(INACTIVITY_LOGOUT_MINUTES - 1);
    expect((await call('/me', { cookie: session.cookie })).status).toBe(200);
    await idle(INACTIVITY_LOGOUT_MINUTES + 1);
    await expectError(await call('/me', { cookie: session.cookie }), 401, {
      code: 'SESSION_EXPIRED',
      message: 'Your session has expired. Please log in again.',
    });
    // The session is gone for good, not just until the clock is put back.
    await idle(0);
    expect((await call('/me', { cookie: session.cookie })).status).toBe(401);
  });

  it('snapshots roles: a role added after login has no effect until the next login', async () => {
    const w = await world({ roles: [31], company: { isEvfleet: true } });
    const before = await login(w.email, w.password, w.ip);
    await db.insert(userRoles).values({ userId: w.user.id, roleId: 37 });
    const rolesOf = async (s: { cookie: string }) =>
      ((await (await call('/me', { cookie: s.cookie })).json()) as { roles: number[] }).roles;
    expect(await rolesOf(before)).toEqual([31]);
    const after = await login(w.email, w.password, w.ip);
    expect(await rolesOf(after)).toEqual([31, 37]);
    expect(await rolesOf(before)).toEqual([31]);
  });

  it('a new login from the same browser closes the session its cookie named', async () => {
    const w = await world();
    const first = await login(w.email, w.password, w.ip);
    const res = await call('/login', {
      ip: w.ip,
      cookie: first.cookie,
      json: { email: w.email, password: w.password },
    });
    expect(res.status).toBe(200);
    expect((await call('/me', { cookie: first.cookie })).status).toBe(401);
  });
});
