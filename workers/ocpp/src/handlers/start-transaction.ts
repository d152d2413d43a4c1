/**
 * @module StartTransaction: the D1 session row's id is the transactionId. The start key makes a
 * replayed start (offline queue, retry after reconnect) find the same session; the object stores
 * the transaction before the reply leaves, so an eviction right after cannot lose it.
 *
 * A start the back office refuses is recorded closed and refused (ADR 040): the charge point may
 * still charge and send meter values and a StopTransaction for it, which are kept, but it never
 * blocks the card elsewhere. A transaction still open on the same connector has ended without its
 * StopTransaction and is closed first.
 */

import { linkQrSession } from '@db/queries/qr-payments.store';
import { openSession } from '@db/queries/sessions.store';
import { isRefusedStart, REFUSED_PRICING_NOTE, refusedRemark } from '@domain/ocpp/session-end';
import { startKey } from '@domain/ocpp/start-key';
import { isQrAuthId } from '@domain/qr-payments/ids';
import type { Handler, HandlerContext } from '../context';
import { loadSessionStarted } from '../load/station';
import type { InboundReplies, InboundRequests } from '../ocpp-types';
import { idTagInfo } from './authorize';
import { roamingSessionStarted } from './ocpi-session';
import { takeRemoteStart } from './remote-start';
import { markReservationUsed } from './reservations';
import { closeEndedTransactions } from './session-end';

export const startTransaction: Handler<'StartTransaction'> = (ctx, p) => openTransaction(ctx, p, startKey(p));

/**
 * Opens the session of a start identified by `key`: the StartTransaction's start key in 1.6, the
 * station's transactionId in 2.0.1 (handlers/v201/transaction-event.ts), so a replay finds it.
 */
export async function openTransaction(
  ctx: HandlerContext,
  p: InboundRequests['StartTransaction'],
  key: string,
  /** A 2.0.1 transaction the station started while offline (its event's `offline` flag): a refusal says so. */
  opts: { startedOffline?: boolean } = {},
): Promise<InboundReplies['StartTransaction']> {
  const known = ctx.store.transactionByStartKey(key);
  if (known) return known.startReply as InboundReplies['StartTransaction'];

  const startedAt = Date.parse(p.timestamp);
  // A transaction the connector still had open never sent its stop: it ended when this one started.
  // Closed before the decision, so it is not counted as this card's concurrent transaction.
  await closeEndedTransactions(ctx, {
    evidence: { kind: 'new-transaction', connectorId: p.connectorId },
    connectorId: p.connectorId,
    before: Number.isNaN(startedAt) ? ctx.now.getTime() : startedAt,
    keepStartKey: key,
  });
  // The charge point has started already: the session exists whatever the decision, and a charge
  // point told "Invalid" stops it (StopTransaction reason DeAuthorized).
  const { info, decision } = await idTagInfo(ctx, p.idTag, { connectorNumber: p.connectorId, purpose: 'start' });
  const refused = isRefusedStart(info.status);
  const remote = takeRemoteStart(ctx.store, p.idTag, p.connectorId, ctx.now.getTime());
  // Paid by QR (issue 18): the one-time EP- auth id of a payment; the session is shown as such.
  const qr = !refused && isQrAuthId(p.idTag);
  const session = await openSession(ctx.db, {
    stationId: ctx.stationId,
    connectorNumber: p.connectorId,
    idTag: p.idTag,
    startKey: key,
    startAt: new Date(p.timestamp),
    meterStartWh: p.meterStart,
    userId: decision.userId,
    rfidId: decision.rfidId,
    ...(qr ? { startMethod: 'QR' } : remote ? { startMethod: 'Remote' } : {}),
    // A roaming partner's token: the session is that peering's (OCPI sessions and CDRs go to it).
    ...(!refused && decision.ocpi ? { ocpi: decision.ocpi } : {}),
    ...(refused
      ? {
          refused: {
            status: info.status,
            remark: refusedRemark(info.status, decision.reason, opts.startedOffline),
            pricingNote: REFUSED_PRICING_NOTE,
          },
        }
      : {}),
  });
  if (qr) {
    const at = Number.isNaN(startedAt) ? ctx.now : new Date(startedAt);
    const link = {
      idTag: p.idTag,
      sessionId: session.id,
      stationId: ctx.stationId,
      connectorNumber: p.connectorId,
      at,
    };
    if (!(await linkQrSession(ctx.db, link))) console.warn(`[ocpp] ${ctx.identity}: QR auth id already linked`);
  }
  const reply = { transactionId: session.id, idTagInfo: info };
  ctx.store.insertTransaction({
    transactionId: session.id,
    startKey: key,
    connectorId: p.connectorId,
    idTag: p.idTag,
    meterStart: p.meterStart,
    startedAt,
    startReply: reply,
  });
  // Users with limits: the energy they may still charge, checked on each MeterValues (ADR 020).
  if (!refused && decision.budget) ctx.store.putLimit(session.id, decision.budget);
  // A roaming partner's token: its Session is pushed to the partner (handlers/ocpi-session.ts).
  if (!refused) roamingSessionStarted(ctx, session);
  // A start on a reservation uses it (handlers/reservations.ts).
  if (!refused) markReservationUsed(ctx, p.reservationId);
  // A managed site shares its limit with this session too (ADR 059).
  if (!refused) loadSessionStarted(ctx, { transactionId: session.id, connectorId: p.connectorId, startedAt });
  ctx.publish({
    type: 'session',
    stationUid: ctx.identity,
    sessionId: session.id,
    state: refused ? 'stopped' : 'started',
    at: ctx.now.toISOString(),
  });
  return reply;
}
