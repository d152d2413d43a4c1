/** @module What one request does with its login session: end it, record the use, or neither. */
import { INACTIVITY_LOGOUT_MINUTES } from './constants';

/** The last use is written at most this often, so a burst of calls costs one write. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

/**
 * `expired`: past its maximum age, or idle longer than the inactivity limit (the session ends);
 * `touch`: still good, and its last use is old enough to be written again; `current`: still good.
 */
export type SessionUse = 'expired' | 'touch' | 'current';

export function sessionUse(session: { expiresAt: Date; lastSeenAt: Date }, now: number): SessionUse {
  const lastSeen = session.lastSeenAt.getTime();
  if (session.expiresAt.getTime() <= now || lastSeen + INACTIVITY_LOGOUT_MINUTES * 60_000 < now) return 'expired';
  return now - lastSeen > LAST_SEEN_WRITE_INTERVAL_MS ? 'touch' : 'current';
}
