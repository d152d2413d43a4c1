/** @module The current a session draws, per phase, from the samples of one MeterValues (ADR 059). */
import type { MeterSample } from '@domain/ocpp/meter-values';

/**
 * The highest phase current of the latest reading (`Current.Import`, the neutral left out), else the
 * active power spread over `phases` at `voltage`; null when the reading has neither.
 */
export function drawAmps(samples: readonly MeterSample[], phases: number, voltage: number): number | null {
  const latest = Math.max(...samples.map((s) => (Number.isNaN(s.at) ? Number.NEGATIVE_INFINITY : s.at)));
  const at = (s: MeterSample) => (Number.isNaN(s.at) ? Number.NEGATIVE_INFINITY : s.at) === latest;
  const value = (s: MeterSample) => Number(s.value);
  const currents = samples
    .filter((s) => at(s) && s.measurand === 'Current.Import' && s.phase !== 'N' && s.location !== 'EV')
    .map(value)
    .filter(Number.isFinite);
  if (currents.length > 0) return Math.max(...currents);
  const powers = samples.filter((s) => at(s) && s.measurand === 'Power.Active.Import' && s.location !== 'EV');
  if (powers.length === 0) return null;
  // Phase rows add up; a row without phase is the total.
  const total = powers.some((s) => s.phase === null)
    ? powers.filter((s) => s.phase === null).map((s) => value(s) * (s.unit === 'kW' ? 1000 : 1))[0]
    : powers.reduce((sum, s) => sum + value(s) * (s.unit === 'kW' ? 1000 : 1), 0);
  return total === undefined || !Number.isFinite(total) ? null : total / (voltage * phases);
}
