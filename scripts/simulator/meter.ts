/**
 * @module Meter readings of a charging session and their OCPP 1.6 MeterValue form (pure; the
 * random source is injected so tests are deterministic).
 */

export type ReadingContext = 'Sample.Periodic' | 'Transaction.Begin' | 'Transaction.End' | 'Trigger';

export interface MeterReading {
  energyWh: number;
  powerW: number;
  voltageV: number;
  /** Per phase L1-L3 for AC, a single value for DC. */
  currentA: number[];
  /** State of charge, only reported by DC chargers (the car tells them). */
  socPercent?: number;
}

export interface MeterSpec {
  powerType: 'AC' | 'DC';
  /** The lower of the hardware maximum and any charging profile limit, in W. */
  limitW: number;
}

const AC_PHASE_VOLTAGE = 230;
const DC_VOLTAGE = 400;

export function idleReading(spec: MeterSpec, energyWh: number, socPercent = 20): MeterReading {
  return {
    energyWh,
    powerW: 0,
    voltageV: spec.powerType === 'AC' ? AC_PHASE_VOLTAGE : DC_VOLTAGE,
    currentA: spec.powerType === 'AC' ? [0, 0, 0] : [0],
    socPercent: spec.powerType === 'DC' ? socPercent : undefined,
  };
}

/** The reading `seconds` after `prev`: power near the limit, tapering above 80 % SoC on DC. */
export function nextReading(prev: MeterReading, seconds: number, spec: MeterSpec, rand = Math.random): MeterReading {
  const jitter = 0.95 + rand() * 0.05;
  let powerW = Math.max(0, spec.limitW) * jitter;
  let socPercent = prev.socPercent;
  if (spec.powerType === 'DC') {
    const soc = prev.socPercent ?? 20;
    if (soc > 80) powerW *= Math.max(0.1, (100 - soc) / 20);
    // A 60 kWh battery: SoC follows the energy delivered.
    socPercent = Math.min(100, soc + (powerW * seconds) / 3600 / 600);
    if (soc >= 100) powerW = 0;
  }
  powerW = Math.round(powerW);
  const energyWh = prev.energyWh + (powerW * seconds) / 3600;
  const voltageV = (spec.powerType === 'AC' ? AC_PHASE_VOLTAGE : DC_VOLTAGE + (socPercent ?? 0)) + (rand() - 0.5) * 4;
  const currentA =
    spec.powerType === 'AC' ? [0, 1, 2].map(() => powerW / 3 / voltageV + (rand() - 0.5) * 0.2) : [powerW / voltageV];
  return { energyWh, powerW, voltageV, currentA: currentA.map((a) => Math.max(0, a)), socPercent };
}

interface SampledValue {
  value: string;
  context: ReadingContext;
  format: 'Raw';
  measurand: string;
  phase?: string;
  location: 'Outlet' | 'EV';
  unit: string;
}

export interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

export function toMeterValue(reading: MeterReading, context: ReadingContext, at: Date): MeterValue {
  const sample = (measurand: string, value: number, unit: string, digits: number, extra = {}): SampledValue => ({
    value: value.toFixed(digits),
    context,
    format: 'Raw',
    measurand,
    location: 'Outlet',
    unit,
    ...extra,
  });
  const ac = reading.currentA.length === 3;
  const sampledValue = [
    sample('Energy.Active.Import.Register', Math.floor(reading.energyWh), 'Wh', 0),
    sample('Power.Active.Import', reading.powerW, 'W', 0),
    ...reading.currentA.map((a, i) => sample('Current.Import', a, 'A', 1, ac ? { phase: `L${i + 1}` } : {})),
    sample('Voltage', reading.voltageV, 'V', 1, ac ? { phase: 'L1-N' } : {}),
  ];
  if (reading.socPercent !== undefined) {
    sampledValue.push(sample('SoC', reading.socPercent, 'Percent', 0, { location: 'EV' }));
  }
  return { timestamp: at.toISOString(), sampledValue };
}
