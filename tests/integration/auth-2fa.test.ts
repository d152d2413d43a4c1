import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, TWO_FACTOR_CODE_TTL_MINUTES } from '../../domain/identity/constants';
import { sha256Hex } from '../../domain/identity/encoding';
import { auditLog, authSessions, twoFactorCodes } from '../../drizzle/schema';
import {
  call,
  codeIn,
  db,
  expectError,
  failOnConsoleError,
  lastMail,
  loginPending,
  mailbox,
  type Session,
  sql,
  world,
} from './helpers';

failOnConsoleError();

const FAILED = { code: 'TWO_FACTOR_FAILED', message: 'Authentication failed. Contact support' };
const REQUIRED = { code: 'VALIDATION_FAILED', message: '2FA code required', field: '_2fa' };

async function pendingWorld(opts: Parameters<typeof world>[0] = {}) {
  const w = await world(opts);
  const session = await loginPending(w.email, w.password, w.ip);
  return { ...w, session };
}

async function sendCode(session: Session, email: string): Promise<string> {
  const res = await call('/2fa/send-code', { ...session, method: 'POST' });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ message: 'OK' });
  return codeIn(await lastMail(email, 'two-factor-code'));
}

const passedAt = async (cookie: string) =>
  (
    await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, await sha256Hex(cookie)))
      .get()
  )?.twoFactorPassedAt ?? null;

describe('POST /api/2fa/send-code', () => {
  it("e-mails a 6-digit code in the user's language and stores only its hash", async () => {
    const w = await pendingWorld({ user: { language: 'fr' } });
    const res = await call('/2fa/send-code', { ...w.session, method: 'POST' });
    expect(res.status).toBe(200);
    const [mail] = await mailbox(w.email);
    expect(mail).toMatchObject({ to: w.email, template: 'two-factor-code', subject: 'Votre code de connexion' });
    const code = codeIn(mail ?? ({} as never));
    expect(mail?.text).toContain(`${TWO_FACTOR_CODE_TTL_MINUTES} minutes`);
    const rows = await db.select().from(twoFactorCodes).where(eq(twoFactorCodes.userId, w.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toBe(await sha256Hex(code));
    expect(rows[0]?.sessionId).toBe(await sha256Hex(w.session.cookie));
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(TWO_FACTOR_CODE_TTL_MINUTES * 60_000);
  });

  it('needs a session', async () => {
    await expectError(await call('/2fa/send-code', { method: 'POST' }), 401, {
      code: 'UNAUTHENTICATED',
      message: 'You are not logged in.',
    });
  });
});

describe('POST /api/2fa', () => {
  it('passes 2FA with the right code: the session may then use the API', async () => {
    const w = await pendingWorld();
    const code = await sendCode(w.session, w.email);
    expect((await call('/me', w.session)).status).toBe(401);
    const res = await call('/2fa', { ...w.session, json: { _2fa: code } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'OK' });
    expect(await passedAt(w.session.cookie)).not.toBeNull();
    expect((await call('/me', w.session)).status).toBe(200);
    expect((await call('/me', { token: w.session.token })).status).toBe(200);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, w.user.id), eq(auditLog.action, 'auth.2fa.success')));
    expect(audit.map((a) => JSON.parse(a.detailJson ?? '{}'))).toEqual([{ method: 'email' }]);
  });

  it.each([[{}], [{ _2fa: '' }], [{ _2fa: '   ' }], [{ _2fa: 123456 }]])(
    'answers 400 field _2fa "2FA code required" for %j',
    async (json) => {
      const w = await pendingWorld();
      await expectError(await call('/2fa', { ...w.session, json }), 400, REQUIRED);
    },
  );

  it('refuses a wrong code with 401 TWO_FACTOR_FAILED and leaves 2FA pending', async () => {
    const w = await pendingWorld();
    const code = await sendCode(w.session, w.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await expectError(await call('/2fa', { ...w.session, json: { _2fa: wrong } }), 401, FAILED);
    await expectError(await call('/2fa', { ...w.session, json: { _2fa: 'abcdef' } }), 401, FAILED);
    expect(await passedAt(w.session.cookie)).toBeNull();
    const actions = await db.select().from(auditLog).where(eq(auditLog.actorUserId, w.user.id));
    expect(actions.filter((a) => a.action === 'auth.2fa.failure')).toHaveLength(2);
  });

  it('refuses a code when none was sent', async () => {
    const w = await pendingWorld();
    await expectError(await call('/2fa', { ...w.session, json: { _2fa: '123456' } }), 401, FAILED);
  });

  it('accepts a code once', async () => {
    const w = await pendingWorld();
    const code = await sendCode(w.session, w.email);
    expect((await call('/2fa', { ...w.session, json: { _2fa: code } })).status).toBe(200);
    await expectError(await call('/2fa', { ...w.session, json: { _2fa: code } }), 401, FAILED);
  });

  it('refuses an expired code', async () => {
    const w = await pendingWorld();
    const code = await sendCode(w.session, w.email);
    await sql('UPDATE two_factor_codes SET expires_at = ? WHERE user_id = ?', Date.now() - 1, w.user.id);
    await expectError(await call('/2fa', { ...w.session, json: { _2fa: code } }), 401, FAILED);
  });

  it('refuses a code sent before the newest one', async () => {
    const w = await pendingWorld();
    const first = await sendCode(w.session, w.email);
    const second = await sendCode(w.session, w.email);
    if (first !== second) {
      await expectError(await call('/2fa', { ...w.session, json: { _2fa: first } }), 401, FAILED);
    }
    expect((await call('/2fa', { ...w.session, json: { _2fa: second } })).status).toBe(200);
  });

  it("refuses another session's code, even the same user's", async () => {
    const w = await pendingWorld();
    const other = await loginPending(w.email, w.password, w.ip);
    const code = await sendCode(w.session, w.email);
    await expectError(await call('/2fa', { ...other, json: { _2fa: code } }), 401, FAILED);
    expect(await passedAt(other.cookie)).toBeNull();
  });

  it(`answers 429 after ${RATE_LIMITS.codePerAccount.max} wrong codes, even for the right one`, async () => {
    const w = await pendingWorld();
    const code = await sendCode(w.session, w.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < RATE_LIMITS.codePerAccount.max; i++) {
      await expectError(await call('/2fa', { ...w.session, json: { _2fa: wrong } }), 401, FAILED);
    }
    const res = await call('/2fa', { ...w.session, json: { _2fa: code } });
    const body = await expectError(res, 429, {
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many attempts. Try again in ${RATE_LIMITS.codePerAccount.windowMinutes} minutes.`,
    });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(res.headers.get('retry-after')).toBe(String(body.retry_after));
    expect(await passedAt(w.session.cookie)).toBeNull();
  });
});
