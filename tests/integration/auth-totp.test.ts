import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { auditLog, totpPairings, users } from '../../drizzle/schema';
import {
  call,
  codeIn,
  db,
  expectError,
  failOnConsoleError,
  lastMail,
  login,
  loginPending,
  type Session,
  sql,
  world,
} from './helpers';

failOnConsoleError();

const FAILED = { code: 'TWO_FACTOR_FAILED', message: 'Authentication failed. Contact support' };
const NOT_PAIRED = { code: 'TOTP_NOT_PAIRED', message: 'No authenticator is paired yet. Pair one first.' };
const TWO_FACTOR_REQUIRED = { code: 'TWO_FACTOR_REQUIRED', message: '2FA required' };

interface Pending {
  paired: false;
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/** What an authenticator app shows for `secret`, computed here with otpauth, not by the server. */
function appCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function getPairing(session: Session) {
  const res = await call('/2fa/authenticator/code', session);
  expect(res.status).toBe(200);
  return (await res.json()) as Pending | { paired: boolean };
}

const pairNew = (session: Session, code?: string) =>
  call('/2fa/authenticator/code/new', {
    ...session,
    method: 'POST',
    ...(code === undefined ? {} : { json: { _2fa: code } }),
  });

/** Starts a pairing (with the current second factor when given) and returns its seed. */
async function pending(session: Session, code?: string): Promise<Pending> {
  const res = await pairNew(session, code);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Pending;
  if (!body.secret) throw new Error('expected a pending pairing');
  return body;
}

const validate = (session: Session, code: unknown) =>
  call('/2fa/authenticator/code/validate', { ...session, json: { _2fa: code } });

/** A user whose 2FA method is the authenticator app, logged in with the password only. */
async function authenticatorUser() {
  const w = await world({ user: { token2faMethodId: 4 } });
  return { ...w, session: await loginPending(w.email, w.password, w.ip) };
}

describe('pairing an authenticator (method 4)', () => {
  it('offers a seed, its otpauth URI and a QR code, and the same one until it is confirmed', async () => {
    const w = await authenticatorUser();
    const first = await pending(w.session);
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.otpauthUri).toBe(
      `otpauth://totp/Back%20office:${encodeURIComponent(w.email)}?issuer=Back%20office&secret=${first.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(first.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(await getPairing(w.session)).toEqual(first);
    expect(await getPairing(w.session)).toEqual(first);

    const rows = await db.select().from(totpPairings).where(eq(totpPairings.userId, w.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secretEnc).toMatch(/^v1\./);
    expect(rows[0]?.secretEnc).not.toContain(first.secret);
  });

  it('confirms the pairing with a code computed by the app, passes 2FA and never shows the seed again', async () => {
    const w = await authenticatorUser();
    const { secret } = await pending(w.session);
    const res = await validate(w.session, appCode(secret));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'OK' });
    expect((await call('/me', w.session)).status).toBe(200);
    expect(await getPairing(w.session)).toEqual({ paired: true });

    const [pairing] = await db.select().from(totpPairings).where(eq(totpPairings.userId, w.user.id));
    expect(pairing?.confirmedAt).not.toBeNull();
    expect(pairing?.lastUsedStep).toBeGreaterThan(0);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.actorUserId, w.user.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.totp.paired', 'auth.2fa.success']));
  });

  it('refuses a replayed code, and accepts the next step', async () => {
    const w = await authenticatorUser();
    const { secret } = await pending(w.session);
    const code = appCode(secret);
    expect((await validate(w.session, code)).status).toBe(200);

    const next = await loginPending(w.email, w.password, w.ip);
    await expectError(await validate(next, code), 401, FAILED);
    expect((await call('/me', next)).status).toBe(401);
    // The code of the following step is within the drift window and newer than the last one used.
    expect((await validate(next, appCode(secret, 1))).status).toBe(200);
    expect((await call('/me', next)).status).toBe(200);
  });

  it('refuses a wrong code with 401 and a missing one with 400', async () => {
    const w = await authenticatorUser();
    const { secret } = await pending(w.session);
    const right = appCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    await expectError(await validate(w.session, wrong), 401, FAILED);
    await expectError(await validate(w.session, '12345'), 401, FAILED);
    await expectError(await validate(w.session, ''), 400, {
      code: 'VALIDATION_FAILED',
      message: '2FA code required',
      field: '_2fa',
    });
    const [pairing] = await db.select().from(totpPairings).where(eq(totpPairings.userId, w.user.id));
    expect(pairing?.confirmedAt).toBeNull();
  });

  it('answers 400 TOTP_NOT_PAIRED when there is nothing to validate against', async () => {
    const w = await authenticatorUser();
    await expectError(await validate(w.session, '123456'), 400, NOT_PAIRED);
  });

  it('answers 429 after too many wrong codes', async () => {
    const w = await authenticatorUser();
    const { secret } = await pending(w.session);
    const right = appCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await expectError(await validate(w.session, wrong), 401, FAILED);
    const body = await expectError(await validate(w.session, right), 429, {
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts. Try again in 15 minutes.',
    });
    expect(body.retry_after).toBeGreaterThan(0);
  });
});

describe('GET /2fa/authenticator/code changes nothing', () => {
  it('without a started pairing it answers {paired: false} and stores no pairing', async () => {
    const w = await authenticatorUser();
    expect(await getPairing(w.session)).toEqual({ paired: false });
    expect(await db.select().from(totpPairings).where(eq(totpPairings.userId, w.user.id))).toHaveLength(0);
  });
});

describe('re-pairing', () => {
  async function pairedUser() {
    const w = await authenticatorUser();
    const { secret } = await pending(w.session);
    expect((await validate(w.session, appCode(secret))).status).toBe(200);
    return { ...w, secret };
  }

  const activeRows = async (userId: number) =>
    (await db.select().from(totpPairings).where(eq(totpPairings.userId, userId)).orderBy(totpPairings.id)).map((r) => ({
      cancelled: r.cancelledAt !== null,
      confirmed: r.confirmedAt !== null,
    }));

  it('is not reachable by GET: a link cannot cancel or replace the authenticator', async () => {
    const w = await pairedUser();
    const full = await login(w.email, w.password, w.ip);
    const res = await call('/2fa/authenticator/code/new', full);
    expect(res.status).toBe(404);
    expect(await activeRows(w.user.id)).toEqual([{ cancelled: false, confirmed: true }]);
  });

  it('needs the current second factor: a password alone, or even a session past 2FA, cannot re-pair', async () => {
    const w = await pairedUser();
    const attacker = await loginPending(w.email, w.password, w.ip);
    const body = await expectError(await pairNew(attacker), 401, TWO_FACTOR_REQUIRED);
    expect(body.token_2fa_method_id).toBe(4);
    await expectError(await pairNew(attacker, '000000'), 401, FAILED);
    const full = await login(w.email, w.password, w.ip);
    await expectError(await pairNew(full), 401, TWO_FACTOR_REQUIRED);
    expect(await getPairing(attacker)).toEqual({ paired: true });
    expect(await activeRows(w.user.id)).toEqual([{ cancelled: false, confirmed: true }]);
  });

  it('with a code of the current authenticator: the old one works until the new one is confirmed', async () => {
    const w = await pairedUser();
    const session = await loginPending(w.email, w.password, w.ip);
    const fresh = await pending(session, appCode(w.secret, 1));
    expect(fresh.secret).not.toBe(w.secret);
    // The seed travels only in that answer: reading the pairing shows none.
    expect(await getPairing(session)).toEqual({ paired: true });
    expect(await activeRows(w.user.id)).toEqual([
      { cancelled: false, confirmed: true },
      { cancelled: false, confirmed: false },
    ]);

    expect((await validate(session, appCode(fresh.secret))).status).toBe(200);
    expect((await call('/me', session)).status).toBe(200);
    expect(await activeRows(w.user.id)).toEqual([
      { cancelled: true, confirmed: true },
      { cancelled: false, confirmed: true },
    ]);
    const next = await loginPending(w.email, w.password, w.ip);
    await expectError(await validate(next, appCode(w.secret, -1)), 401, FAILED);
  });

  it('a code of the current authenticator proves the factor once: the same step cannot re-pair twice', async () => {
    const w = await pairedUser();
    const session = await loginPending(w.email, w.password, w.ip);
    const code = appCode(w.secret, 1);
    await pending(session, code);
    await expectError(await pairNew(session, code), 401, FAILED);
  });

  it('after an e-mailed code, a user who lost the phone pairs a new one and passes 2FA with it', async () => {
    const w = await pairedUser();
    const session = await loginPending(w.email, w.password, w.ip);
    expect((await call('/2fa/send-code', { ...session, method: 'POST' })).status).toBe(200);
    const emailed = codeIn(await lastMail(w.email, 'two-factor-code'));
    const fresh = await pending(session, emailed);
    // The e-mailed code is used up by the pairing: it does not pass 2FA by itself.
    expect((await call('/me', session)).status).toBe(401);
    await expectError(await call('/2fa', { ...session, json: { _2fa: emailed } }), 401, FAILED);
    expect((await validate(session, appCode(fresh.secret))).status).toBe(200);
    expect((await call('/me', session)).status).toBe(200);
  });

  it('once the authenticator is gone, a password alone still cannot pair a new one', async () => {
    const w = await pairedUser();
    // However the pairing ended (an administrator, a cancelled row): it is no first pairing any more.
    await sql('UPDATE totp_pairings SET cancelled_at = ? WHERE user_id = ?', Date.now(), w.user.id);
    const attacker = await loginPending(w.email, w.password, w.ip);
    expect(await getPairing(attacker)).toEqual({ paired: false });
    await expectError(await pairNew(attacker), 401, TWO_FACTOR_REQUIRED);
    expect((await activeRows(w.user.id)).filter((r) => !r.cancelled)).toEqual([]);
  });
});

describe('users whose method is the e-mailed code (1)', () => {
  it('cannot pair an authenticator before passing 2FA by e-mail', async () => {
    const w = await world();
    const session = await loginPending(w.email, w.password, w.ip);
    for (const res of [await call('/2fa/authenticator/code', session), await pairNew(session)]) {
      const body = await expectError(res, 401, TWO_FACTOR_REQUIRED);
      expect(body.token_2fa_method_id).toBe(1);
    }
  });

  it('switch to the authenticator once 2FA is passed: their method becomes 4', async () => {
    const w = await world();
    const session = await login(w.email, w.password, w.ip);
    const { secret } = await pending(session);
    expect((await validate(session, appCode(secret))).status).toBe(200);
    const user = await db.select().from(users).where(eq(users.id, w.user.id)).get();
    expect(user?.token2faMethodId).toBe(4);
    const next = await call('/login', { ip: w.ip, json: { email: w.email, password: w.password } });
    expect(((await next.json()) as { user: { token_2fa_method_id: number } }).user.token_2fa_method_id).toBe(4);
  });

  it('cannot confirm a pairing left pending by someone without 2FA', async () => {
    const w = await world();
    const passed = await login(w.email, w.password, w.ip);
    const { secret } = await pending(passed);
    const passwordOnly = await loginPending(w.email, w.password, w.ip);
    await expectError(await validate(passwordOnly, appCode(secret)), 401, TWO_FACTOR_REQUIRED);
  });
});

describe('sealed seeds', () => {
  it('a seed moved to another user does not decrypt there', async () => {
    const a = await authenticatorUser();
    const b = await authenticatorUser();
    await pending(a.session);
    const { secret: bSecret } = await pending(b.session);
    const [aRow] = await db.select().from(totpPairings).where(eq(totpPairings.userId, a.user.id));
    await sql('UPDATE totp_pairings SET secret_enc = ? WHERE user_id = ?', aRow?.secretEnc, b.user.id);
    await expectError(await validate(b.session, appCode(bSecret)), 400, NOT_PAIRED);
  });
});
