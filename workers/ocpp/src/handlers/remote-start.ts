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

function live(store: Store, now: number): RemoteStart[] {
  return (store.get(KEY) ?? []).filter((r) => now - r.at < REMOTE_START_WINDOW_MS);
}

/** Called when a RemoteStartTransaction goes out (before its answer, which may come after the StartTransaction). */
export function recordRemoteStart(store: Store, messageId: string, payload: unknown, now: number): void {
  const p = payload as { idTag?: unknown; connectorId?: unknown };
  if (typeof p.idTag !== 'string') return;
  const connectorId = typeof p.connectorId === 'number' ? p.connectorId : null;
  store.put(KEY, [...live(store, now), { messageId, idTag: p.idTag, connectorId, at: now }].slice(-20));
}

/** Forgets a remote start the charge point refused or never answered. */
export function dropRemoteStart(store: Store, messageId: string, now: number): void {
  const all = live(store, now);
  const kept = all.filter((r) => r.messageId !== messageId);
  if (kept.length !== all.length || (store.get(KEY) ?? []).length !== all.length) store.put(KEY, kept);
}

/** Whether this start was asked for remotely; a match is used up. */
export function takeRemoteStart(store: Store, idTag: string, connectorId: number, now: number): boolean {
  const stored = store.get(KEY);
  if (!stored || stored.length === 0) return false;
  const all = live(store, now);
  const tag = idTag.trim().toUpperCase();
  const i = all.findIndex(
    (r) => r.idTag.trim().toUpperCase() === tag && (r.connectorId === null || r.connectorId === connectorId),
  );
  if (i < 0) {
    if (all.length !== stored.length) store.put(KEY, all);
    return false;
  }
  all.splice(i, 1);
  store.put(KEY, all);
  return true;
}
