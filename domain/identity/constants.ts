/** @module Session and login constants of the specification (sections 4 and 9). */

/** Away for more than this many minutes logs the user out. */
export const INACTIVITY_LOGOUT_MINUTES = 240;
/** The client asks for /api/client-version this often. */
export const VERSION_CHECK_INTERVAL_MS = 180_000;
/** A repeated "2FA required" error within this window is not shown again. */
export const TWO_FACTOR_ERROR_SUPPRESSION_MS = 2_000;
/** A login session lives at most this long, active or not. */
export const SESSION_MAX_AGE_HOURS = 12;
/** An e-mailed 2FA code is valid this long. */
export const TWO_FACTOR_CODE_TTL_MINUTES = 10;
/** A password reset link is valid this long, once. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Attempts allowed per window before the rate limit answers 429. */
export const RATE_LIMITS = {
  loginPerAccount: { max: 5, windowMinutes: 15 },
  loginPerClient: { max: 30, windowMinutes: 15 },
  codePerAccount: { max: 5, windowMinutes: 15 },
  codePerClient: { max: 30, windowMinutes: 15 },
  /** E-mailed codes requested; stops a logged-in attacker flooding the user's inbox. */
  sendCodePerAccount: { max: 5, windowMinutes: 15 },
  resetPerAccount: { max: 3, windowMinutes: 60 },
  resetPerClient: { max: 20, windowMinutes: 60 },
  /** Failed OCPP basic-auth upgrades of one charge point id (known or not); ADR 010, addendum. */
  ocppAuthPerStation: { max: 10, windowMinutes: 5 },
  /** Failed OCPP basic-auth upgrades from one address, over all ids; stations behind one NAT share it. */
  ocppAuthPerAddress: { max: 30, windowMinutes: 5 },
  /** Public pay-by-QR (issue 18): payments started, state refreshes, and reads of one client. */
  qrPayCreatePerClient: { max: 10, windowMinutes: 15 },
  qrPayRefreshPerClient: { max: 120, windowMinutes: 15 },
  qrPayReadPerClient: { max: 600, windowMinutes: 15 },
} as const;
