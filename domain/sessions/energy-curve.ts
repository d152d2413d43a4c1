/** @module The energy a session's chart plots: delivered since its start, not the meter register. */

export interface CurvePoint {
  at: number;
  value: number;
}

/**
 * Energy delivered since the start (Wh) at each point of a session's recorded energy curve (Wh).
 * Charge points report the meter register (e.g. 4,116,000 Wh on a 118 Wh session); the reference is
 * the session's meter start when the curve is a register that starts at or above it, else the
 * curve's first reading (a curve recorded relative to the start, or a meter start that does not
 * belong to this meter).
 */
export function energySinceStart(points: readonly CurvePoint[], meterStartWh: number | null): CurvePoint[] {
  const first = points[0]?.value;
  if (first === undefined) return [];
  const reference =
    meterStartWh !== null && Number.isFinite(meterStartWh) && meterStartWh <= first ? meterStartWh : first;
  return points.map((p) => ({ at: p.at, value: p.value - reference }));
}
