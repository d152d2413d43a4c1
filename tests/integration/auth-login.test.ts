import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_HOURS } from '../../domain/identity/constants';
import { sha256Hex } from '../../domain/identity/encoding';
import { auditLog, authSessions, users } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, loginPending, sidFrom, uniqueIp, world } from './helpers';

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

function fetchHttps(path: string, json: unknown, ip: string) {
  return SELF.fetch(`https://localhost/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(json),
  });
}
