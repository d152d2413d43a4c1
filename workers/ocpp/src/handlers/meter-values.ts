/**
 * @module MeterValues: every sample is kept in the object, inside a transaction or outside one; an
 * open transaction whose driver has limits is checked against its energy budget (limit-stop.ts). The
 * signed values of a transaction (1.6 SignedData, 2.0.1 signedMeterValue) are written to D1 with its
 * session (ADR 060): one batch, and only when the message carries one.
 */
import { storeSignedValues } from '@db/queries/signed-values.store';
import { capturedSigned } from '@domain/metering/signed-capture';
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
    const signed = capturedSigned(p.meterValue);
    if (signed.length > 0) return storeSignedValues(ctx.db, tx.transactionId, tx.connectorId, signed).then(() => ({}));
  }
  return {};
};
