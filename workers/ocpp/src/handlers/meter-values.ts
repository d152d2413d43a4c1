/**
 * @module MeterValues: every sample is kept in the object, inside a transaction or outside one; an
 * open transaction whose driver has limits is checked against its energy budget (limit-stop.ts).
 */
import { flattenMeterValues } from '@domain/ocpp/meter-values';
import type { Handler } from '../context';
import { loadDrawReported } from '../load/station';
import { checkLimit } from './limit-stop';
import { roamingSessionProgress } from './ocpi-session';

export const meterValues: Handler<'MeterValues'> = (ctx, p) => {
  const tx = p.transactionId !== undefined ? ctx.store.transaction(p.transactionId) : null;
  // Values arriving after their transaction closed join the capped free samples, not a closed curve.
  const open = p.transactionId !== undefined && tx?.closed !== true;
  const samples = flattenMeterValues(p.meterValue);
  ctx.store.addSamples(p.connectorId, open ? (p.transactionId ?? null) : null, samples);
  if (open && tx) {
    checkLimit(ctx, tx, samples);
    loadDrawReported(ctx, tx.transactionId, samples);
    roamingSessionProgress(ctx, tx, samples);
  }
  return {};
};
