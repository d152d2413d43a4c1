/**
 * @module When a station counts as offline, one rule for the OCPP worker (which detects it) and the
 * screens (which show it): its socket closed, or nothing came for two heartbeat intervals.
 */

export const DEFAULT_HEARTBEAT_INTERVAL_S = 300;

/** The heartbeat interval answered in BootNotification: `HEARTBEAT_INTERVAL_SECONDS`, else 300 s. */
export function heartbeatInterval(env: { HEARTBEAT_INTERVAL_SECONDS?: unknown }): number {
  const n = Number(env.HEARTBEAT_INTERVAL_SECONDS);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_HEARTBEAT_INTERVAL_S;
}

/** Silence after which a connected station is marked offline: two heartbeat intervals. */
export function offlineAfterMs(intervalS: number): number {
  return 2 * intervalS * 1000;
}
