/** @module MeterValues: every sample is kept in the object, inside a transaction or outside one. */
import { flattenMeterValues } from '../../../../domain/ocpp/meter-values';
import type { Handler } from '../context';

export const meterValues: Handler<'MeterValues'> = (ctx, p) => {
  ctx.store.addSamples(p.connectorId, p.transactionId ?? null, flattenMeterValues(p.meterValue));
  return {};
};
