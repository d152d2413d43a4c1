/**
 * @module StopTransaction: closes the session once. The stop and its transactionData are stored in
 * the object before D1 is written, a duplicate Stop gets the first answer, and a Stop for a
 * transaction the object forgot (storage lost) still closes the D1 session it names.
 */
import { limitStopReason } from '../../../../domain/authorization/limits';
import { curvePoints, flattenMeterValues } from '../../../../domain/ocpp/meter-values';
import { summarizeSession } from '../../../../domain/ocpp/session-summary';
import { priceClosedSessionSafely } from '../../../../drizzle/queries/pricing';
import { closeSession, findSession } from '../../../../drizzle/queries/sessions';
import type { Handler, HandlerContext } from '../context';
import type { InboundReplies, InboundRequests } from '../ocpp-types';
import type { TransactionState } from '../storage/store';
import { idTagInfo } from './authorize';

type Reply = InboundReplies['StopTransaction'];

export const stopTransaction: Handler<'StopTransaction'> = async (ctx, p) => {
  let tx = ctx.store.transaction(p.transactionId);
  if (tx?.closed) return (tx.stopReply ?? {}) as Reply;

  const reply: Reply = {};
  if (p.idTag !== undefined) reply.idTagInfo = (await idTagInfo(ctx, p.idTag, tx?.connectorId)).info;
  const session = await findSession(ctx.db, ctx.stationId, p.transactionId);
  if (!session) {
    // Never allocated here: acknowledged anyway so the charge point can drop it from its queue.
    console.warn(`[ocpp] ${ctx.identity}: StopTransaction for unknown transaction ${p.transactionId}`);
    return reply;
  }
  if (!tx) {
    // The object lost its copy (storage reset): D1 still knows how the transaction started.
    ctx.store.insertTransaction({
      transactionId: session.id,
      startKey: session.startKey,
      connectorId: session.connectorNumber,
      idTag: session.authId,
      meterStart: session.meterStartWh,
      startedAt: session.startAt.getTime(),
      startReply: { transactionId: session.id, idTagInfo: { status: 'Accepted' } },
    });
  }
  tx = ctx.store.transaction(p.transactionId);
  if (!tx) throw new Error(`transaction ${p.transactionId} could not be stored`);
  // Only the first delivery adds transactionData, so a retry after a failed D1 write adds nothing twice.
  if (tx.stop === null) {
    ctx.store.addSamples(tx.connectorId, tx.transactionId, flattenMeterValues(p.transactionData ?? []));
    ctx.store.recordStop(tx.transactionId, p);
  }
  await close(ctx, p, session.id, tx);
  ctx.store.markClosed(tx.transactionId, reply);
  // Pricing at close (ADR 013) runs after the reply, kept alive by waitUntil; a failure leaves it unpriced.
  const closedId = session.id;
  ctx.afterReply(async () => {
    await priceClosedSessionSafely(ctx.db, closedId);
  });
  ctx.publish({
    type: 'session',
    stationUid: ctx.identity,
    sessionId: session.id,
    state: 'stopped',
    at: ctx.now.toISOString(),
  });
  return reply;
};

async function close(
  ctx: HandlerContext,
  p: InboundRequests['StopTransaction'],
  sessionId: number,
  tx: TransactionState,
): Promise<void> {
  const endAt = Date.parse(p.timestamp);
  const summary = summarizeSession({
    startAt: tx.startedAt,
    endAt,
    meterStartWh: tx.meterStart,
    meterStopWh: p.meterStop,
    points: curvePoints(ctx.store.samples(p.transactionId)),
    statuses: ctx.store.statusEvents(tx.connectorId),
  });
  // A stop the back office sent for a reached limit keeps its reason in the closed session's remark.
  const limit = ctx.store.limit(tx.transactionId);
  const limitReason =
    limit?.stopRequestedAt != null ? limitStopReason(limit.budget, p.meterStop - tx.meterStart) : null;
  const remarks = limitReason ? [limitReason, ...summary.remarks] : summary.remarks;
  await closeSession(ctx.db, ctx.stationId, sessionId, {
    endAt: new Date(endAt),
    meterStopWh: p.meterStop,
    energyWh: summary.energyWh,
    durationS: summary.durationS,
    chargingMinutes: summary.chargingMinutes,
    parkingS: summary.parkingS,
    stopChargingAt: summary.stopChargingAt === null ? null : new Date(summary.stopChargingAt),
    // OCPP: an absent reason means Local.
    stopReason: p.reason ?? 'Local',
    needsRevision: summary.needsRevision,
    remark: remarks.length > 0 ? remarks.join('; ') : null,
    curve: summary.curve,
  });
}
