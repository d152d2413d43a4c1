/**
 * @module Flattens OCPP 1.6 MeterValues into rows and reads energy and power from them. Every
 * measurand, phase, context, location and unit is kept as sent; only the two quantities the CDR needs
 * (active import energy in Wh, active import power in W) are converted.
 */

export interface SampledValue {
  value: string;
  context?: string;
  format?: string;
  measurand?: string;
  phase?: string;
  location?: string;
  unit?: string;
  /** An OCPP 2.0.1 signedMeterValue carried beside the numeric value (kept with the session, ADR 060; never in the samples). */
  signed?: { signedMeterData: string; signingMethod: string; encodingMethod: string; publicKey: string };
}
export interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

/** One stored sample: the OCPP defaults made explicit (spec 1.6 section 7.45). */
export interface MeterSample {
  at: number;
  measurand: string;
  phase: string | null;
  context: string;
  location: string;
  unit: string;
  format: string;
  value: string;
}

const DEFAULT_UNIT: Record<string, string> = {
  'Energy.Active.Import.Register': 'Wh',
  'Energy.Active.Export.Register': 'Wh',
  'Energy.Active.Import.Interval': 'Wh',
  'Energy.Active.Export.Interval': 'Wh',
  'Energy.Reactive.Import.Register': 'varh',
  'Energy.Reactive.Export.Register': 'varh',
  'Energy.Reactive.Import.Interval': 'varh',
  'Energy.Reactive.Export.Interval': 'varh',
  'Power.Active.Import': 'W',
  'Power.Active.Export': 'W',
  'Power.Offered': 'W',
  'Power.Reactive.Import': 'var',
  'Power.Reactive.Export': 'var',
  'Current.Import': 'A',
  'Current.Export': 'A',
  'Current.Offered': 'A',
  Voltage: 'V',
  Temperature: 'Celsius',
  SoC: 'Percent',
};

export function flattenMeterValues(values: readonly MeterValue[]): MeterSample[] {
  const out: MeterSample[] = [];
  for (const mv of values) {
    const at = Date.parse(mv.timestamp);
    for (const sv of mv.sampledValue) {
      const measurand = sv.measurand ?? 'Energy.Active.Import.Register';
      out.push({
        at,
        measurand,
        phase: sv.phase ?? null,
        context: sv.context ?? 'Sample.Periodic',
        location: sv.location ?? 'Outlet',
        unit: sv.unit ?? DEFAULT_UNIT[measurand] ?? '',
        format: sv.format ?? 'Raw',
        value: sv.value,
      });
    }
  }
  return out;
}

/** A Raw numeric value scaled to the base unit (Wh or W); null for signed data or non-numbers. */
export function numericBase(sample: MeterSample): number | null {
  if (sample.format !== 'Raw') return null;
  const n = Number(sample.value);
  if (sample.value.trim() === '' || !Number.isFinite(n)) return null;
  return sample.unit === 'kWh' || sample.unit === 'kW' ? n * 1000 : n;
}

export interface CurvePoint {
  at: number;
  /** Active import power in W, summed over phases when only per-phase values are sent. */
  powerW: number | null;
  /** Active import energy register in Wh. */
  energyWh: number | null;
}

/** One point per timestamp with the totals the CDR needs; per-phase values are summed when no total is sent. */
export function curvePoints(samples: readonly MeterSample[]): CurvePoint[] {
  const byTime = new Map<number, { power?: number; phasePower: number; phaseCount: number; energy?: number }>();
  for (const s of samples) {
    if (Number.isNaN(s.at)) continue;
    const v = numericBase(s);
    if (v === null) continue;
    const slot = byTime.get(s.at) ?? { phasePower: 0, phaseCount: 0 };
    if (s.measurand === 'Energy.Active.Import.Register' && s.phase === null) {
      slot.energy = v;
    } else if (s.measurand === 'Power.Active.Import') {
      if (s.phase === null) slot.power = v;
      // Phase powers (L1, L1-N, ...) add up to the total; the neutral carries no power of its own.
      else if (s.phase !== 'N') {
        slot.phasePower += v;
        slot.phaseCount++;
      }
    }
    byTime.set(s.at, slot);
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, s]) => ({
      at,
      powerW: s.power ?? (s.phaseCount > 0 ? s.phasePower : null),
      energyWh: s.energy ?? null,
    }))
    .filter((p) => p.powerW !== null || p.energyWh !== null);
}
