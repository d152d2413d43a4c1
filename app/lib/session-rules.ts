/**
 * @module The browser-side session rules of the specification (sections 4 and 9), as pure
 * functions: inactivity logout, repeated-notice suppression, new-version detection.
 */
import {
  INACTIVITY_LOGOUT_MINUTES,
  TWO_FACTOR_ERROR_SUPPRESSION_MS,
  VERSION_CHECK_INTERVAL_MS,
} from '../../domain/identity/constants';

export { INACTIVITY_LOGOUT_MINUTES, TWO_FACTOR_ERROR_SUPPRESSION_MS, VERSION_CHECK_INTERVAL_MS };

/** localStorage keys this app owns; all are cleared on logout. */
export const STORAGE_KEYS = {
  lastActivity: 'backoffice.lastActivity',
  loggedIn: 'backoffice.loggedIn',
  version: 'backoffice.version',
} as const;

/** More than the limit away (strictly) logs out; no recorded activity never does. */
export function isInactive(lastActivityMs: number | null, nowMs: number, limitMinutes = INACTIVITY_LOGOUT_MINUTES) {
  if (lastActivityMs === null || !Number.isFinite(lastActivityMs)) return false;
  return nowMs - lastActivityMs > limitMinutes * 60_000;
}

/** A notice shown again within the window is not shown. */
export function isSuppressed(lastShownMs: number | undefined, nowMs: number, windowMs: number) {
  return lastShownMs !== undefined && nowMs - lastShownMs >= 0 && nowMs - lastShownMs < windowMs;
}

/** The banner appears when the version differs from the first one this page saw. */
export function isNewVersion(firstSeen: string | null, latest: string | null | undefined) {
  return firstSeen !== null && typeof latest === 'string' && latest !== '' && latest !== firstSeen;
}
