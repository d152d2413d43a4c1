import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TTL_MINUTES, RATE_LIMITS } from '../../domain/identity/constants';
import { sha256Hex } from '../../domain/identity/encoding';
import { auditLog, passwordResets } from '../../drizzle/schema';
import {
  call,
  db,
  expectError,
  failOnConsoleError,
  lastMail,
  login,
  loginPending,
  mailbox,
  sql,
  uniqueIp,
  world,
} from './helpers';

failOnConsoleError();

const OK = { result: 'OK' };
const LINK_INVALID = {
  code: 'RESET_LINK_INVALID',
  message: 'This reset link is invalid or has expired.',
  field: 'token',
};

async function requestReset(email: string, ip = uniqueIp(), extra: Record<string, unknown> = {}) {
  const res = await call('/reset-password', { ip, json: { email, ...extra } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual(OK);
}

async function resetToken(email: string): Promise<string> {
  const mail = await lastMail(email, 'password-reset');
  const token = /\/reset-password\/new#([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in ${mail.text}`);
  return token;
}

const confirm = (json: Record<string, unknown>) => call('/reset-password/confirm', { ip: uniqueIp(), json });
const newPassword = 'a brand new password';

describe('POST /api/reset-password', () => {
  it("e-mails a single-use link on the request's origin, in the user's language, storing only its hash", async () => {
    const w = await world({ user: { language: 'de' } });
    const res = await SELF.fetch('https://bo.example.test/api/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': w.ip },
      body: JSON.stringify({ email: w.email.toUpperCase(), isMobilize: true, userId: w.user.id }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(OK);
    const mail = await lastMail(w.email, 'password-reset');
    expect(mail.subject).toBe('Passwort zurücksetzen');
    // The token travels in the fragment, which no browser sends to a server: not in a path or a query.
    expect(mail.text).toMatch(/https:\/\/bo\.example\.test\/reset-password\/new#[\w-]{43}\n/);
    const link = new URL(/https:\S+/.exec(mail.text)?.[0] ?? '');
    expect({ path: link.pathname, query: link.search }).toEqual({ path: '/reset-password/new', query: '' });
    expect(mail.text).toContain(`${PASSWORD_RESET_TTL_MINUTES} Minuten`);
    const token = await resetToken(w.email);
    const [row] = await db.select().from(passwordResets).where(eq(passwordResets.userId, w.user.id));
    expect(row?.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(PASSWORD_RESET_TTL_MINUTES * 60_000);
  });

  it('answers the same for unknown, deleted and mismatched accounts, and sends nothing', async () => {
    const deleted = await world({ user: { status: 'deleted' } });
    const other = await world();
    await requestReset(`nobody-${other.email}`);
    await requestReset(deleted.email);
    await requestReset(other.email, uniqueIp(), { userId: other.user.id + 1000 });
    expect(await mailbox(`nobody-${other.email}`)).toEqual([]);
    expect(await mailbox(deleted.email)).toEqual([]);
    expect(await mailbox(other.email)).toEqual([]);
  });

  it.each([
    [{ email: 'not an e-mail' }, 'email', 'Enter a valid e-mail address.'],
    [{}, 'email', 'Enter a valid e-mail address.'],
    [{ email: 'a@example.test', userId: 'seven' }, 'userId', 'Some validation errors, fix them before resubmitting.'],
  ])('answers 400 for %j', async (json, field, message) => {
    await expectError(await call('/reset-password', { ip: uniqueIp(), json }), 400, {
      code: 'VALIDATION_FAILED',
      message,
      field,
    });
  });

  it(`answers 429 after ${RATE_LIMITS.resetPerAccount.max} requests for one address`, async () => {
    const w = await world();
    for (let i = 0; i < RATE_LIMITS.resetPerAccount.max; i++) await requestReset(w.email);
    const res = await call('/reset-password', { ip: uniqueIp(), json: { email: w.email } });
    const body = await expectError(res, 429, {
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many attempts. Try again in ${RATE_LIMITS.resetPerAccount.windowMinutes} minutes.`,
    });
    expect(res.headers.get('retry-after')).toBe(String(body.retry_after));
    expect((await mailbox(w.email)).filter((m) => m.template === 'password-reset')).toHaveLength(
      RATE_LIMITS.resetPerAccount.max,
    );
  });

  it('counts unknown addresses against the client too', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.resetPerClient.max; i++) await requestReset(`x${i}-${ip}@example.test`, ip);
    expect((await call('/reset-password', { ip, json: { email: 'late@example.test' } })).status).toBe(429);
  });
});

describe('POST /api/reset-password/confirm', () => {
  it('sets the new password, logs out every session, and spends the link', async () => {
    const w = await world();
    const active = await login(w.email, w.password, w.ip);
    const pending = await loginPending(w.email, w.password, w.ip);
    await requestReset(w.email);
    const token = await resetToken(w.email);

    const res = await confirm({ token, password: newPassword, passwordConfirmation: newPassword });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(OK);

    for (const caller of [{ cookie: active.cookie }, { token: active.token }, { cookie: pending.cookie }]) {
      expect((await call('/me', caller)).status).toBe(401);
    }
    expect((await call('/login', { ip: w.ip, json: { email: w.email, password: w.password } })).status).toBe(401);
    await login(w.email, newPassword, w.ip);

    await expectError(
      await confirm({ token, password: 'yet another one', passwordConfirmation: 'yet another one' }),
      400,
      LINK_INVALID,
    );
    const actions = (await db.select().from(auditLog).where(eq(auditLog.actorUserId, w.user.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.password_reset.requested', 'auth.password_reset.completed']));
  });

  it('refuses an expired link', async () => {
    const w = await world();
    await requestReset(w.email);
    const token = await resetToken(w.email);
    await sql('UPDATE password_resets SET expires_at = ? WHERE user_id = ?', Date.now() - 1, w.user.id);
    await expectError(
      await confirm({ token, password: newPassword, passwordConfirmation: newPassword }),
      400,
      LINK_INVALID,
    );
    expect((await call('/login', { ip: w.ip, json: { email: w.email, password: w.password } })).status).toBe(200);
  });

  it('keeps only the newest link working', async () => {
    const w = await world();
    await requestReset(w.email);
    const older = await resetToken(w.email);
    await requestReset(w.email);
    const newer = await resetToken(w.email);
    await expectError(
      await confirm({ token: older, password: newPassword, passwordConfirmation: newPassword }),
      400,
      LINK_INVALID,
    );
    expect((await confirm({ token: newer, password: newPassword, passwordConfirmation: newPassword })).status).toBe(
      200,
    );
  });

  it.each([
    [{ token: 'whatever', password: 'short', passwordConfirmation: 'short' }, 'password', 'passwordTooShort'],
    [
      { token: 'whatever', password: 'long enough', passwordConfirmation: 'different' },
      'passwordConfirmation',
      'mismatch',
    ],
    [{ token: 'unknown-token', password: 'long enough', passwordConfirmation: 'long enough' }, 'token', 'invalid'],
    [{ token: '', password: 'long enough', passwordConfirmation: 'long enough' }, 'token', 'invalid'],
  ])('answers 400 for %j naming %s', async (json, field, kind) => {
    const expected = {
      passwordTooShort: {
        code: 'VALIDATION_FAILED',
        message: 'The password must be at least 8 characters long.',
        field,
      },
      mismatch: { code: 'VALIDATION_FAILED', message: 'The password confirmation does not match.', field },
      invalid: { ...LINK_INVALID, code: json.token === '' ? 'VALIDATION_FAILED' : 'RESET_LINK_INVALID' },
    }[kind];
    if (!expected) throw new Error(kind);
    await expectError(await confirm(json), 400, expected);
  });

  it('checks the password before it spends the link', async () => {
    const w = await world();
    await requestReset(w.email);
    const token = await resetToken(w.email);
    expect((await confirm({ token, password: 'short', passwordConfirmation: 'short' })).status).toBe(400);
    expect((await confirm({ token, password: newPassword, passwordConfirmation: newPassword })).status).toBe(200);
  });
});
