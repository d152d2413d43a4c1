import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../domain/identity/constants';
import { auditLog, rateLimits } from '../../drizzle/schema';
import { pruneRateLimits } from '../../workers/api/src/lib/rate-limit';
import { call, db, expectError, failOnConsoleError, loginPending, sql, uniqueIp, world } from './helpers';

failOnConsoleError();

const LOGIN_FAILED = { code: 'LOGIN_FAILED', message: 'Something went wrong, check your credentials.' };
const actions = async (userId: number) =>
  (await db.select().from(auditLog).where(eq(auditLog.actorUserId, userId))).map((a) => a.action);

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

describe('pruning', () => {
  it('drops windows older than the longest limit and keeps current ones', async () => {
    const longest = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMinutes)) * 60_000;
    const now = Date.now();
    await db.insert(rateLimits).values([
      { key: 'prune:old', windowStart: now - longest - 1, count: 3 },
      { key: 'prune:current', windowStart: now - 1000, count: 1 },
    ]);
    await pruneRateLimits(db, now);
    const keys = (await db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('prune:current');
    expect(keys).not.toContain('prune:old');
  });
});
