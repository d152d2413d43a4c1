import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { auditLog, totpPairings, users } from '../../drizzle/schema';
import { call, db, expectError, failOnConsoleError, login, loginPending, type Session, sql, world } from './helpers';

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

async function getPairing(session: Session, path = '/2fa/authenticator/code') {
  const res = await call(path, session);
  expect(res.status).toBe(200);
  return (await res.json()) as Pending | { paired: true };
}

async function pending(session: Session, path?: string): Promise<Pending> {
  const body = await getPairing(session, path);
  if (body.paired) throw new Error('expected a pending pairing');
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
    expect(await pending(w.session)).toEqual(first);

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

describe('re-pairing', () => {
  async function pairedUser() {
    const w = await authenticatorUser();
    const { secret } = await pending(w.session);
    expect((await validate(w.session, appCode(secret))).status).toBe(200);
    return { ...w, secret };
  }

  it('cancels the old pairing: the old seed no longer works, the new one does', async () => {
    const w = await pairedUser();
    const fresh = await pending(w.session, '/2fa/authenticator/code/new');
    expect(fresh.secret).not.toBe(w.secret);
    expect(await getPairing(w.session)).toEqual(fresh);

    const next = await loginPending(w.email, w.password, w.ip);
    await expectError(await validate(next, appCode(w.secret, 1)), 401, FAILED);
    expect((await validate(next, appCode(fresh.secret))).status).toBe(200);

    const rows = await db
      .select()
      .from(totpPairings)
      .where(eq(totpPairings.userId, w.user.id))
      .orderBy(totpPairings.id);
    expect(rows.map((r) => ({ cancelled: r.cancelledAt !== null, confirmed: r.confirmedAt !== null }))).toEqual([
      { cancelled: true, confirmed: true },
      { cancelled: false, confirmed: true },
    ]);
  });

  it('with a confirmed pairing, needs a session that passed 2FA: a password alone cannot re-pair', async () => {
    const w = await pairedUser();
    const attacker = await loginPending(w.email, w.password, w.ip);
    const body = await expectError(await call('/2fa/authenticator/code/new', attacker), 401, TWO_FACTOR_REQUIRED);
    expect(body.token_2fa_method_id).toBe(4);
    expect(await getPairing(attacker)).toEqual({ paired: true });
    const rows = await db.select().from(totpPairings).where(eq(totpPairings.userId, w.user.id));
    expect(rows.filter((r) => r.cancelledAt === null)).toHaveLength(1);
  });

  it('after an e-mailed code, a user who lost the phone can pair a new one', async () => {
    const w = await pairedUser();
    const recovered = await login(w.email, w.password, w.ip);
    const fresh = await pending(recovered, '/2fa/authenticator/code/new');
    expect((await validate(recovered, appCode(fresh.secret))).status).toBe(200);
  });
});

describe('users whose method is the e-mailed code (1)', () => {
  it('cannot pair an authenticator before passing 2FA by e-mail', async () => {
    const w = await world();
    const session = await loginPending(w.email, w.password, w.ip);
    for (const path of ['/2fa/authenticator/code', '/2fa/authenticator/code/new']) {
      const body = await expectError(await call(path, session), 401, TWO_FACTOR_REQUIRED);
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
