/** @module The current a session draws, per phase, from the samples of one MeterValues (ADR 059). */
import type { MeterSample } from '@domain/ocpp/meter-values';

/** What a station that tells neither its phases nor its voltage is taken to use (ADR 059). */
export const ASSUMED_PHASES = 3;
export const ASSUMED_VOLTAGE = 230;

/** What the station told of its supply: `numberOfPhasesUsed` (2.0.1), a configured voltage; null when unknown. */
export interface SupplyHints {
  phases?: number | null;
  voltage?: number | null;
}

const LINE = /^L[123]$/;
const TO_NEUTRAL = /^L([123])-N$/;
const LINE_TO_LINE = /^L[123]-L[123]$/;

/** The line (L1, L2, L3) a phase-to-neutral or line value belongs to, else null. */
function lineOf(phase: string | null): string | null {
  if (phase === null) return null;
  if (LINE.test(phase)) return phase;
  const m = TO_NEUTRAL.exec(phase);
  return m ? `L${m[1]}` : null;
}

const num = (s: MeterSample) => Number(s.value);
const watts = (s: MeterSample) => num(s) * (s.unit === 'kW' ? 1000 : 1);
const volts = (s: MeterSample) => num(s) * (s.unit === 'kV' ? 1000 : 1);

/** The phase-to-neutral voltage of the reading: its `Voltage` rows (line-to-line ones over √3), else null. */
function measuredVoltage(rows: readonly MeterSample[]): number | null {
  const values = rows
    .filter((s) => s.measurand === 'Voltage' && s.location !== 'EV')
    .map((s) => (s.phase !== null && LINE_TO_LINE.test(s.phase) ? volts(s) / Math.sqrt(3) : volts(s)))
    .filter((v) => Number.isFinite(v) && v > 0);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** The lines the reading names (per-phase rows of current, power or voltage), 0 when it names none. */
function linesNamed(rows: readonly MeterSample[]): number {
  const lines = new Set(rows.map((s) => lineOf(s.phase)).filter((l): l is string => l !== null));
  return lines.size;
}

/**
 * The highest phase current of the latest reading (`Current.Import`, the neutral left out), else the
 * active power per phase: a per-phase row over its voltage, or the total over the phases used at the
 * voltage. The voltage is the reading's own (`Voltage` rows), else `hints.voltage`, else 230 V; the
 * phases are `hints.phases` (2.0.1 `numberOfPhasesUsed`), else the lines the reading names, else 3.
 * Null when the reading has neither current nor power.
 */
export function drawAmps(samples: readonly MeterSample[], hints: SupplyHints = {}): number | null {
  const time = (s: MeterSample) => (Number.isNaN(s.at) ? Number.NEGATIVE_INFINITY : s.at);
  const latest = Math.max(...samples.map(time));
  const rows = samples.filter((s) => time(s) === latest);
  const currents = rows
    .filter((s) => s.measurand === 'Current.Import' && s.phase !== 'N' && s.location !== 'EV')
    .map(num)
    .filter(Number.isFinite);
  if (currents.length > 0) return Math.max(...currents);
  const powers = rows.filter((s) => s.measurand === 'Power.Active.Import' && s.location !== 'EV');
  if (powers.length === 0) return null;
  const voltage = measuredVoltage(rows) ?? positive(hints.voltage) ?? ASSUMED_VOLTAGE;
  const total = powers.find((s) => s.phase === null);
  if (total === undefined) {
    // Per-phase rows only: the most loaded line.
    const perLine = powers.filter((s) => lineOf(s.phase) !== null).map((s) => watts(s) / voltage);
    const highest = Math.max(...perLine.filter(Number.isFinite));
    return Number.isFinite(highest) ? highest : null;
  }
  const phases = positive(hints.phases) ?? (linesNamed(rows) || ASSUMED_PHASES);
  const amps = watts(total) / (voltage * phases);
  return Number.isFinite(amps) ? amps : null;
}

const positive = (n: number | null | undefined) => (n !== null && n !== undefined && n > 0 ? n : null);
