/** @module What a station update really changes: the patch's fields whose value differs from the station's. */

export interface StationUpdateDiff<P> {
  /** The changed fields' values before the update. */
  before: Record<string, unknown>;
  /** The changed fields with their new values. */
  after: Partial<P>;
}

/** The fields of `patch` that change `current` (compared with ===), or null when the patch changes nothing. */
export function stationUpdateDiff<P extends object>(current: object, patch: P): StationUpdateDiff<P> | null {
  const now = current as Record<string, unknown>;
  const after = Object.fromEntries(Object.entries(patch).filter(([k, v]) => now[k] !== v)) as Partial<P>;
  const keys = Object.keys(after);
  if (keys.length === 0) return null;
  return { before: Object.fromEntries(keys.map((k) => [k, now[k]])), after };
}
