/**
 * @module Whether the charge point is online: the heartbeat timeout (two heartbeat intervals without
 * a frame mark it offline, as a socket close does), its way back, and the announcement of each change
 * to the live feed and the station's D1 row.
 */
import { recordConnection } from '@db/queries/stations.store';
import { heartbeatInterval, offlineAfterMs } from '@domain/stations/liveness';
import type { ObjectParts } from '../object-parts';

export class Liveness {
  /** Whether the station is marked offline by the heartbeat timeout (cached; stored under 'timedOut'). */
  private silent: boolean;

  constructor(
    private readonly parts: ObjectParts,
    timedOut: boolean,
  ) {
    this.silent = timedOut;
  }

  timedOut(): boolean {
    return this.silent;
  }

  setTimedOut(value: boolean): void {
    this.parts.store.put('timedOut', value);
    this.silent = value;
  }

  /**
   * Two heartbeat intervals: the one answered in BootNotification, or set later by an accepted
   * ChangeConfiguration of HeartbeatInterval (or configured, before any boot).
   */
  offlineAfterMs(): number {
    return offlineAfterMs(this.parts.store.get('heartbeatInterval') ?? heartbeatInterval(this.parts.env));
  }

  /** When the heartbeat timeout is due; null when it cannot happen (socket closed, or already timed out). */
  heartbeatDue(): number | null {
    if (this.parts.newestSocket() === null || this.timedOut()) return null;
    const lastSeen = Date.parse(this.lastSeen() ?? '') || 0;
    return lastSeen + this.offlineAfterMs();
  }

  /** The alarm's duty: marks the station offline when the heartbeat timeout is due. */
  check(now: number): void {
    const due = this.heartbeatDue();
    if (due === null || now < due) return;
    const lastSeen = due - this.offlineAfterMs();
    this.setTimedOut(true);
    this.parts.frames.event(
      'HeartbeatTimeout',
      { lastSeen: new Date(lastSeen).toISOString(), afterMs: this.offlineAfterMs() },
      now,
    );
    this.markOffline(new Date(now).toISOString());
  }

  /**
   * When the charge point was last heard from: its latest inbound frame in the frame log, or the
   * connection (stored at the upgrade) when no frame came since. Read, not written, per frame.
   */
  lastSeen(): string | null {
    const connected = Date.parse(this.parts.store.get('lastSeen') ?? '') || 0;
    const latest = Math.max(connected, this.parts.frames.lastInboundAt() ?? 0);
    return latest > 0 ? new Date(latest).toISOString() : null;
  }

  /**
   * The latest Heartbeat answered: from the frame log (no write per Heartbeat), or the time kept in
   * `kv` with the D1 last-seen write (every 15 minutes) once the log no longer holds it.
   */
  lastHeartbeat(): string | null {
    const kept = Date.parse(this.parts.store.get('lastHeartbeat') ?? '') || 0;
    const latest = Math.max(kept, this.parts.frames.lastAnsweredAt('Heartbeat') ?? 0);
    return latest > 0 ? new Date(latest).toISOString() : null;
  }

  /** What a socket close and a heartbeat timeout both do: record when, and announce it. */
  markOffline(at: string): void {
    this.parts.store.put('disconnectedAt', at);
    this.announce(false, Date.parse(at));
  }

  /** A frame from a station the heartbeat timeout marked offline. */
  backOnline(now: number): void {
    this.setTimedOut(false);
    this.parts.frames.event('BackOnline', {}, now);
    this.announce(true, now);
  }

  /**
   * Every change of online state goes to the live feed and to the station's D1 row (the network
   * screens read `connected` there), after the reply, never per message.
   */
  announce(online: boolean, at: number): void {
    const { identity, stationId } = this.parts.registration;
    if (!identity || stationId === null) return;
    this.parts.publish({ type: 'station-online', stationUid: identity, online, at: new Date(at).toISOString() });
    this.parts.ctx.waitUntil(
      recordConnection(this.parts.db(), stationId, online, new Date(at)).catch((error: unknown) =>
        console.warn('[ocpp] connection state not recorded', error),
      ),
    );
  }
}
