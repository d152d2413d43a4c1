import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { INACTIVITY_LOGOUT_MINUTES, RATE_LIMITS, SESSION_MAX_AGE_HOURS } from '../../domain/auth/constants';
import { sha256Hex } from '../../domain/auth/encoding';
import { auditLog, authSessions, userRoles, users } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import {
  call,
  db,
  expectError,
  failOnConsoleError,
  login,
  loginPending,
  sidFrom,
  sql,
  uniqueIp,
  world,
} from './helpers';

failOnConsoleError();

const LOGIN_FAILED = { code: 'LOGIN_FAILED', message: 'Something went wrong, check your credentials.' };
const actions = async (userId: number) =>
  (await db.select().from(auditLog).where(eq(auditLog.actorUserId, userId))).map((a) => a.action);

describe('POST /api/login', () => {
  it('opens a 2FA-pending session: cookie, bearer JWT, user, session row', async () => {
    const w = await world({ roles: [37, 52] });
    const res = await call('/login', {
      ip: w.ip,
      json: { email: w.email.toUpperCase(), password: w.password, isMobilize: false },
      headers: { 'user-agent': 'vitest' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: unknown; twoFactorRequired: boolean };
    expect(body.user).toEqual({
      id: w.user.id,
      email: w.email,
      firstName: null,
      lastName: null,
      language: 'en',
      token_2fa_method_id: 1,
    });
    expect(body.twoFactorRequired).toBe(true);

    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sid=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = sidFrom(res) ?? '';
    const sid = await sha256Hex(cookie);

    const { payload } = await jwtVerify(body.token, new TextEncoder().encode(env.SESSION_SECRET), {
      algorithms: ['HS256'],
    });
    expect(payload.sid).toBe(sid);

    const row = await db.select().from(authSessions).where(eq(authSessions.id, sid)).get();
    expect(row).toMatchObject({
      userId: w.user.id,
      rolesJson: '[37,52]',
      selectedCompanyId: w.company.id,
      twoFactorPassedAt: null,
      revokedAt: null,
      ip: w.ip,
      userAgent: 'vitest',
    });
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(SESSION_MAX_AGE_HOURS * 3_600_000);
    expect(payload.exp).toBe(Math.floor((row?.expiresAt.getTime() ?? 0) / 1000));
    const user = await db.select().from(users).where(eq(users.id, w.user.id)).get();
    expect(user?.lastLoginAt).not.toBeNull();
    expect(await actions(w.user.id)).toEqual(['auth.login.success']);
  });

  it('sets a Secure cookie only over https', async () => {
    const w = await world();
    const res = await call('/login', { ip: w.ip, json: { email: w.email, password: w.password } });
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/);
    const https = await fetchHttps('/login', { email: w.email, password: w.password }, w.ip);
    expect(https.status).toBe(200);
    expect(https.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('selects the last selected company when it is still in the tree, else the own company', async () => {
    const w = await world();
    const child = await createCompany(db, { name: 'Child', parentCompanyId: w.company.id });
    const stranger = await createCompany(db, { name: 'Elsewhere' });
    await db.update(users).set({ selectedCompanyId: child.id }).where(eq(users.id, w.user.id));
    const first = await loginPending(w.email, w.password, w.ip);
    const firstRow = await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, await sha256Hex(first.cookie)))
      .get();
    expect(firstRow?.selectedCompanyId).toBe(child.id);

    await db.update(users).set({ selectedCompanyId: stranger.id }).where(eq(users.id, w.user.id));
    const second = await loginPending(w.email, w.password, w.ip);
    const secondRow = await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, await sha256Hex(second.cookie)))
      .get();
    expect(secondRow?.selectedCompanyId).toBe(w.company.id);
  });

  it.each([
    ['an unknown e-mail', (w: { email: string; password: string }) => ({ email: `x${w.email}`, password: w.password })],
    ['a wrong password', (w: { email: string; password: string }) => ({ email: w.email, password: 'wrong password' })],
  ])('refuses %s with 401 LOGIN_FAILED and no cookie', async (_, body) => {
    const w = await world();
    const res = await call('/login', { ip: w.ip, json: body(w) });
    expect(res.headers.get('set-cookie')).toBeNull();
    await expectError(res, 401, LOGIN_FAILED);
  });

  it('refuses a deleted user and a user without a password with 401 LOGIN_FAILED', async () => {
    const deleted = await world({ user: { status: 'deleted' } });
    await expectError(
      await call('/login', { ip: deleted.ip, json: { email: deleted.email, password: deleted.password } }),
      401,
      LOGIN_FAILED,
    );
    const noPassword = await world();
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, noPassword.user.id));
    await expectError(
      await call('/login', { ip: noPassword.ip, json: { email: noPassword.email, password: noPassword.password } }),
      401,
      LOGIN_FAILED,
    );
    expect(await actions(deleted.user.id)).toEqual(['auth.login.failure']);
  });

  it('answers in the language the browser asks for', async () => {
    const w = await world();
    const res = await call('/login', {
      ip: w.ip,
      json: { email: w.email, password: 'nope nope' },
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    await expectError(res, 401, {
      code: 'LOGIN_FAILED',
      message: 'Etwas ist schiefgelaufen, prüfen Sie Ihre Zugangsdaten.',
    });
  });

  it.each([
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Enter a valid e-mail address.'],
    [{ password: 'x' }, 'email', 'Enter a valid e-mail address.'],
    [{ email: 'a@example.test' }, 'password', 'Some validation errors, fix them before resubmitting.'],
    [{ email: 'a@example.test', password: '' }, 'password', 'Some validation errors, fix them before resubmitting.'],
    [
      { email: 'a@example.test', password: 'x', isMobilize: 'yes' },
      'isMobilize',
      'Some validation errors, fix them before resubmitting.',
    ],
  ])('answers 400 for %j naming %s', async (json, field, message) => {
    const res = await call('/login', { ip: uniqueIp(), json });
    await expectError(res, 400, { code: 'VALIDATION_FAILED', message, field });
  });

  it('answers 400 UNKNOWN_FIELD for an unknown field', async () => {
    const res = await call('/login', { ip: uniqueIp(), json: { email: 'a@example.test', password: 'x', admin: true } });
    await expectError(res, 400, { code: 'UNKNOWN_FIELD', message: 'Unknown field: admin', field: 'admin' });
  });
});

describe('login rate limit', () => {
  const { max, windowMinutes } = RATE_LIMITS.loginPerAccount;

  it(`answers 429 after ${max} failures for one account, even with the right password`, async () => {
    const w = await world();
    for (let i = 0; i < max; i++) {
      // A different address each time: the per-account counter alone must stop this.
      await expectError(
        await call('/login', { ip: uniqueIp(), json: { email: w.email, password: `wrong ${i}` } }),
        401,
        LOGIN_FAILED,
      );
    }
    const res = await call('/login', { ip: uniqueIp(), json: { email: w.email, password: w.password } });
    const body = await expectError(res, 429, {
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many attempts. Try again in ${windowMinutes} minutes.`,
    });
    expect(body.retry_after).toBeGreaterThan((windowMinutes - 1) * 60);
    expect(body.retry_after).toBeLessThanOrEqual(windowMinutes * 60);
    expect(res.headers.get('retry-after')).toBe(String(body.retry_after));
    expect(await actions(w.user.id)).not.toContain('auth.login.success');
  });

  it('counts failures only: successful logins do not use up the allowance', async () => {
    const w = await world();
    for (let i = 0; i < max + 2; i++) await loginPending(w.email, w.password, w.ip);
    for (let i = 0; i < max - 1; i++) {
      await expectError(
        await call('/login', { ip: w.ip, json: { email: w.email, password: 'wrong' } }),
        401,
        LOGIN_FAILED,
      );
    }
    await loginPending(w.email, w.password, w.ip);
  });

  it('limits one client address across accounts, unknown ones included', async () => {
    const ip = uniqueIp();
    const { max: perClient } = RATE_LIMITS.loginPerClient;
    for (let i = 0; i < perClient; i++) {
      const res = await call('/login', { ip, json: { email: `nobody-${i}@example.test`, password: 'guess' } });
      expect(res.status).toBe(401);
    }
    const w = await world();
    const res = await call('/login', { ip, json: { email: w.email, password: w.password } });
    await expectError(res, 429, {
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many attempts. Try again in ${RATE_LIMITS.loginPerClient.windowMinutes} minutes.`,
    });
    // The same account from another address is not affected.
    await loginPending(w.email, w.password, uniqueIp());
  });

  it('starts a new window once the old one is over', async () => {
    const w = await world();
    for (let i = 0; i < max; i++) await call('/login', { ip: uniqueIp(), json: { email: w.email, password: 'wrong' } });
    expect((await call('/login', { ip: uniqueIp(), json: { email: w.email, password: w.password } })).status).toBe(429);
    await sql(
      'UPDATE rate_limits SET window_start = window_start - ? WHERE key = ?',
      windowMinutes * 60_000,
      `loginPerAccount:${w.email}`,
    );
    await loginPending(w.email, w.password, uniqueIp());
  });
});

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
      code: 'UNAUTHENTICATED',
      message: 'You are not logged in.',
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

function fetchHttps(path: string, json: unknown, ip: string) {
  return SELF.fetch(`https://localhost/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(json),
  });
}
