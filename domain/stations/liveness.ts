/**
 * @module When a station counts as offline, one rule for the OCPP worker (which detects it) and the
 * screens (which show it): its socket closed, or nothing came for two heartbeat intervals; and what a
 * screen then shows for its connectors.
 */
import type { ConnectorStatus } from './statuses';

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

/**
 * Online, the one model every screen uses: the station's ChargePoint object says its socket is open
 * and it has not gone silent (`stations.connected`, written by the object on connect, close,
 * heartbeat timeout and the first frame after it, ADR 019). Everything else is offline; a station
 * never heard from (`lastSeenAt` null) is offline too, and the network status counts it apart.
 */
export function isStationOnline(station: { connected: boolean }): boolean {
  return station.connected;
}

/**
 * States the back office sets about the equipment itself, not reported by the charge point: they stay
 * true while the station is offline, so they are shown as they are.
 */
export const KEPT_WHEN_OFFLINE: readonly ConnectorStatus[] = ['to_be_installed', 'removed'];

/**
 * The status a screen shows for a connector: what its charge point last reported while the station
 * is online, `offline` otherwise (a last report from an offline station is history, not state).
 */
export function shownConnectorStatus(reported: ConnectorStatus, station: { connected: boolean }): ConnectorStatus {
  if (isStationOnline(station) || KEPT_WHEN_OFFLINE.includes(reported)) return reported;
  return 'offline';
}

/**
 * Connector counts by shown status, from counts by reported status (the SQL-maintained counters, ADR
 * 032) and the counts by reported status of the connectors of offline stations among them: those
 * move to `offline`, except the statuses kept when offline. The total never changes.
 */
export function shownStatusCounts(
  reported: readonly { status: ConnectorStatus; n: number }[],
  ofOfflineStations: readonly { status: ConnectorStatus; n: number }[],
): Map<ConnectorStatus, number> {
  const counts = new Map<ConnectorStatus, number>();
  const add = (status: ConnectorStatus, n: number) => counts.set(status, (counts.get(status) ?? 0) + n);
  for (const row of reported) add(row.status, row.n);
  for (const row of ofOfflineStations) {
    const shown = shownConnectorStatus(row.status, { connected: false });
    if (shown === row.status) continue;
    add(row.status, -row.n);
    add(shown, row.n);
  }
  return counts;
}

/**
 * The last heartbeat worth showing beside "last seen" (what the station last sent of any kind). D1
 * hears of a station at most every 15 minutes, and of a Heartbeat only when it is the frame of that
 * write: an older heartbeat time says nothing (the station sent others since, unrecorded), and one
 * without or after "last seen" is not a contact at all. Shown only when it is the last contact
 * recorded, else null.
 */
export function shownLastHeartbeat(lastSeenAt: Date | null, lastHeartbeatAt: Date | null): Date | null {
  if (!lastSeenAt || !lastHeartbeatAt) return null;
  return lastHeartbeatAt.getTime() === lastSeenAt.getTime() ? lastHeartbeatAt : null;
}
