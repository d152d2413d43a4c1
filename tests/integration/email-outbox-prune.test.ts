/** The outbox (login codes and reset links in clear) is pruned by the five-minute cron job. */
import { createScheduledController, env } from 'cloudflare:test';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../drizzle/schema';
import { OUTBOX_MAX_AGE_HOURS, pruneOutbox } from '../../workers/api/src/lib/email.store';
import { runScheduled } from '../../workers/cron/src';
import { db, failOnConsoleError, unique } from './helpers';

failOnConsoleError();

const HOUR = 3_600_000;

async function message(to: string, ageMs: number) {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to,
      subject: 'Your login code',
      text: 'Your login code is 123456.',
      template: 'two-factor-code',
      createdAt: new Date(Date.now() - ageMs),
    })
    .returning();
  if (!row) throw new Error('no outbox row');
  return row.id;
}

const ids = async (to: string) =>
  (await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.to, to))).map((r) => r.id);

describe('pruning the e-mail outbox', () => {
  it('the */5 cron removes messages older than 24 hours and keeps younger ones', async () => {
    const to = `${unique('prune')}@example.test`;
    await message(to, (OUTBOX_MAX_AGE_HOURS + 1) * HOUR);
    await message(to, OUTBOX_MAX_AGE_HOURS * HOUR + 60_000);
    const young = await message(to, (OUTBOX_MAX_AGE_HOURS - 1) * HOUR);
    const fresh = await message(to, 0);
    await runScheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env);
    expect(await ids(to)).toEqual([young, fresh]);
  });

  it('keeps at most the newest messages of the bound, whatever their age', async () => {
    const to = `${unique('bound')}@example.test`;
    for (let i = 0; i < 5; i++) await message(to, 0);
    await pruneOutbox(db, Date.now(), 3);
    const newest = (
      await db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(3)
    ).map((r) => r.id);
    expect(await db.$count(emailOutbox)).toBe(3);
    expect((await ids(to)).sort((a, b) => b - a)).toEqual(newest);
  });
});
