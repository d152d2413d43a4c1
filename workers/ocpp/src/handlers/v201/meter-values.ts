/**
 * @module OCPP 2.0.1 meter values (block J) in the 1.6 shape the object stores and prices: the
 * number scaled by its unit's multiplier and written as text, the unit named. MeterValues outside a
 * transaction are kept like 1.6 ones, under the EVSE's connector number (ADR 058). A signedMeterValue
 * rides along as `signed` and is stored with the session (ADR 060).
 */
import type { MeterValue } from '@domain/ocpp/meter-values';
import type { Handler201 } from '../../context';
import type { MeterValue201 } from '../../ocpp201-types';
import { meterValues as meterValues16 } from '../meter-values';

/** value × 10^multiplier without binary noise (0.1 × 10³ is 100, not 100.00000000000001). */
function scaled(value: number, multiplier: number): string {
  return String(Number((value * 10 ** multiplier).toPrecision(15)));
}

export function toMeterValues16(values: readonly MeterValue201[]): MeterValue[] {
  return values.map((mv) => ({
    timestamp: mv.timestamp,
    sampledValue: mv.sampledValue.map((sv) => ({
      value: scaled(sv.value, sv.unitOfMeasure?.multiplier ?? 0),
      ...(sv.context !== undefined ? { context: sv.context } : {}),
      ...(sv.measurand !== undefined ? { measurand: sv.measurand } : {}),
      ...(sv.phase !== undefined ? { phase: sv.phase } : {}),
      ...(sv.location !== undefined ? { location: sv.location } : {}),
      ...(sv.unitOfMeasure?.unit !== undefined ? { unit: sv.unitOfMeasure.unit } : {}),
      // Kept with the session by the 1.6 path (ADR 060), never in the object's samples.
      ...(sv.signedMeterValue !== undefined ? { signed: sv.signedMeterValue } : {}),
    })),
  }));
}

export const meterValues: Handler201<'MeterValues'> = (ctx, p) =>
  meterValues16(ctx, { connectorId: p.evseId, meterValue: toMeterValues16(p.meterValue) });
