/**
 * @module StopTransaction: closes the session once. The stop and its transactionData are stored in
 * the object before D1 is written, a duplicate Stop gets the first answer, and a Stop for a
 * transaction the object forgot (storage lost) still closes the D1 session it names. The stop is
 * always accepted and recorded (ADR 040): it corrects a session the back office closed without it,
 * and fills in a refused one, which stays refused and unbilled; its idTagInfo is the card's own
 * state, never ConcurrentTx.
 */

import { priceClosedSessionSafely } from '@db/queries/pricing.store';
import { closeSession, findSession } from '@db/queries/sessions.store';
import { storeSignedValues } from '@db/queries/signed-values.store';
import { stoppedBudget } from '@domain/charging-authorization/limit-stop';
import { limitStopReason } from '@domain/charging-authorization/limits';
import { capturedSigned } from '@domain/metering/signed-capture';
import { curvePoints, flattenMeterValues } from '@domain/ocpp/meter-values';
import { type StopKind, stopKindOf } from '@domain/ocpp/session-end';
import { summarizeSession } from '@domain/ocpp/session-summary';
import type { Handler, HandlerContext } from '../context';
import { loadSessionEnded } from '../load/station';
import type { InboundReplies, InboundRequests } from '../ocpp-types';
import type { TransactionState } from '../storage/store';
import { idTagInfo } from './authorize';

type Reply = InboundReplies['StopTransaction'];

export const stopTransaction: Handler<'StopTransaction'> = async (ctx, p) => {
  let tx = ctx.store.transaction(p.transactionId);
  // A second delivery of a stop already handled; a transaction ended without its stop goes on.
  if (tx?.closed && tx.stop !== null) return (tx.stopReply ?? {}) as Reply;

  const reply: Reply = {};
  if (p.idTag !== undefined) {
    reply.idTagInfo = (await idTagInfo(ctx, p.idTag, { connectorNumber: tx?.connectorId, purpose: 'stop' })).info;
  }
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
      startReply: {
        transactionId: session.id,
        idTagInfo: { status: session.refusedStatus ?? 'Accepted' },
      },
    });
  }
  tx = ctx.store.transaction(p.transactionId);
  if (!tx) throw new Error(`transaction ${p.transactionId} could not be stored`);
  // Only the first delivery adds transactionData, so a retry after a failed D1 write adds nothing twice.
  if (tx.stop === null) {
    // The signed readings first: if D1 fails, nothing is recorded and the retried stop adds all again.
    const signed = capturedSigned(p.transactionData ?? []);
    await storeSignedValues(ctx.db, tx.transactionId, tx.connectorId, signed);
    ctx.store.addSamples(tx.connectorId, tx.transactionId, flattenMeterValues(p.transactionData ?? []));
    ctx.store.recordStop(tx.transactionId, p);
  }
  const kind = stopKindOf(session);
  if (kind !== 'done') await close(ctx, p, session.id, tx, kind, session.remark);
  ctx.store.markClosed(tx.transactionId, reply);
  loadSessionEnded(ctx, [tx.transactionId]);
  // Pricing at close (ADR 013) runs after the reply, kept alive by waitUntil; a failure leaves it
  // unpriced. A correction prices again; a refused session is never billed.
  const closedId = session.id;
  if (kind === 'close' || kind === 'correct') {
    ctx.afterReply(async () => {
      await priceClosedSessionSafely(ctx.db, closedId, { force: kind === 'correct' });
    });
  }
  ctx.publish({
    type: 'session',
    stationUid: ctx.identity,
    sessionId: session.id,
    state: 'stopped',
    at: ctx.now.toISOString(),
  });
  return reply;
};

const tx0 = (tx: TransactionState) => ({ meterStartWh: tx.meterStart, startedAt: tx.startedAt });

async function close(
  ctx: HandlerContext,
  p: InboundRequests['StopTransaction'],
  sessionId: number,
  tx: TransactionState,
  kind: Exclude<StopKind, 'done'>,
  remark: string | null,
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
  // (a kWh limit and a prepaid wallet: the one reached at the stop's reading.)
  const stopped = limit ? stoppedBudget(limit.budget, tx0(tx), { at: endAt, wh: p.meterStop }) : null;
  const limitReason =
    limit?.stopRequestedAt != null && stopped ? limitStopReason(stopped, p.meterStop - tx.meterStart) : null;
  // A refused session keeps why it was refused; a corrected one says it was corrected.
  const first =
    kind === 'refused' ? remark : kind === 'correct' ? 'Corrected by a StopTransaction received late' : null;
  const remarks = [first, limitReason, ...summary.remarks].filter((r): r is string => Boolean(r));
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
    // A correction came late: a person should look at it once.
    needsRevision: summary.needsRevision || kind === 'correct',
    remark: remarks.length > 0 ? remarks.join('; ') : null,
    curve: summary.curve,
  });
}
