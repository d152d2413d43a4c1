/** @module Scheduled jobs, run by the web worker's scheduled() handler. */
import { openDb } from '@db/db';
import { deliverPendingEmails, pruneOutbox } from '../../api/src/lib/email';
import { pruneRateLimits } from '../../api/src/lib/rate-limit';

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = openDb(env.DB);
  switch (controller.cron) {
    case '*/5 * * * *':
      await deliverPendingEmails(db, env);
      // Every five minutes, so a login code or reset link never stays in clear much past a day.
      await pruneOutbox(db);
      break;
    case '0 3 * * *':
      await purgeExpired(env);
      await pruneRateLimits(db);
      break;
  }
}

/** Removes expired login sessions, codes and resets. */
async function purgeExpired(env: Env): Promise<void> {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare('DELETE FROM auth_sessions WHERE expires_at < ?1 OR revoked_at IS NOT NULL').bind(now),
    env.DB.prepare('DELETE FROM two_factor_codes WHERE expires_at < ?1').bind(now),
    env.DB.prepare('DELETE FROM password_resets WHERE expires_at < ?1').bind(now),
  ]);
}
