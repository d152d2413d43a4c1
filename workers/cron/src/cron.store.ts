/** @module The scheduled jobs' own statements. */

/** Removes expired login sessions (and revoked ones), codes and resets, in one round trip. */
export async function purgeExpired(d1: D1Database, now: number): Promise<void> {
  await d1.batch([
    d1.prepare('DELETE FROM auth_sessions WHERE expires_at < ?1 OR revoked_at IS NOT NULL').bind(now),
    d1.prepare('DELETE FROM two_factor_codes WHERE expires_at < ?1').bind(now),
    d1.prepare('DELETE FROM password_resets WHERE expires_at < ?1').bind(now),
  ]);
}
