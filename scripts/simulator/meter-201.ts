/**
 * @module A meter reading (./meter.ts) in its OCPP 2.0.1 MeterValue form: numeric values with a
 * unitOfMeasure, the shape TransactionEvent and MeterValues carry (pure).
 */
import type { MeterReading, ReadingContext } from './meter';

interface SampledValue201 {
  value: number;
  context: ReadingContext;
  measurand: string;
  phase?: string;
  location: 'Outlet' | 'EV';
  unitOfMeasure: { unit: string };
}

export interface MeterValue201 {
  timestamp: string;
  sampledValue: SampledValue201[];
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

export function toMeterValue201(reading: MeterReading, context: ReadingContext, at: Date): MeterValue201 {
  const sample = (measurand: string, value: number, unit: string, digits: number, extra = {}): SampledValue201 => ({
    value: round(value, digits),
    context,
    measurand,
    location: 'Outlet',
    unitOfMeasure: { unit },
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
