/** @module MeterValues: every sample is kept in the object, inside a transaction or outside one. */
import { flattenMeterValues } from '../../../../domain/ocpp/meter-values';
import type { Handler } from '../context';

export const meterValues: Handler<'MeterValues'> = (ctx, p) => {
  // Values arriving after their transaction closed join the capped free samples, not a closed curve.
  const open = p.transactionId !== undefined && ctx.store.transaction(p.transactionId)?.closed !== true;
  ctx.store.addSamples(p.connectorId, open ? (p.transactionId ?? null) : null, flattenMeterValues(p.meterValue));
  return {};
};
