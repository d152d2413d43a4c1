/**
 * @module Picks the tariff version that prices a session: the one valid at the session's start, which
 * then prices the whole session even if a newer version becomes valid while it runs (the driver
 * accepted the tariff shown when charging began; OCPI tariff module, note on start_date_time).
 */
import type { Tariff } from './types';

export function tariffAt(versions: readonly Tariff[], sessionStart: number): Tariff | undefined {
  let best: Tariff | undefined;
  for (const t of versions) {
    if (t.validFrom !== undefined && sessionStart < t.validFrom) continue;
    if (t.validTo !== undefined && sessionStart >= t.validTo) continue;
    if (!best || (t.validFrom ?? Number.NEGATIVE_INFINITY) > (best.validFrom ?? Number.NEGATIVE_INFINITY)) best = t;
  }
  return best;
}
