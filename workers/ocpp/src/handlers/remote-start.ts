/**
 * @module Which starts the back office asked for: a RemoteStartTransaction the charge point did not
 * refuse is remembered for REMOTE_START_WINDOW_MS, and the StartTransaction of the same idTag (on the
 * same connector when one was named) that follows is recorded with start method Remote.
 */
import type { RemoteStart } from '../storage/state';
import type { Store } from '../storage/store';

/** How long a remote start waits for its StartTransaction (a driver still has to plug in). */
export const REMOTE_START_WINDOW_MS = 10 * 60_000;
const KEY = 'remoteStarts';
/** At most this many remembered at once (a charge point has a few connectors). */
const MAX_KEPT = 20;

const live = (list: readonly RemoteStart[], now: number) => list.filter((r) => now - r.at < REMOTE_START_WINDOW_MS);

/** Called when a RemoteStartTransaction goes out (before its answer, which may come after the StartTransaction). */
export function recordRemoteStart(store: Store, messageId: string, payload: unknown, now: number): void {
  const p = payload as { idTag?: unknown; connectorId?: unknown };
  if (typeof p.idTag !== 'string') return;
  const connectorId = typeof p.connectorId === 'number' ? p.connectorId : null;
  const kept = live(store.get(KEY) ?? [], now);
  store.put(KEY, [...kept, { messageId, idTag: p.idTag, connectorId, at: now }].slice(-MAX_KEPT));
}

/** Forgets a remote start the charge point refused or never answered (and any that expired). */
export function dropRemoteStart(store: Store, messageId: string, now: number): void {
  const stored = store.get(KEY) ?? [];
  const kept = live(stored, now).filter((r) => r.messageId !== messageId);
  if (kept.length !== stored.length) store.put(KEY, kept);
}

/** Whether this start was asked for remotely; a match is used up. One kv read when none is waiting. */
export function takeRemoteStart(store: Store, idTag: string, connectorId: number, now: number): boolean {
  const stored = store.get(KEY) ?? [];
  if (stored.length === 0) return false;
  const kept = live(stored, now);
  const tag = idTag.trim().toUpperCase();
  const i = kept.findIndex(
    (r) => r.idTag.trim().toUpperCase() === tag && (r.connectorId === null || r.connectorId === connectorId),
  );
  if (i >= 0) kept.splice(i, 1);
  if (kept.length !== stored.length) store.put(KEY, kept);
  return i >= 0;
}
