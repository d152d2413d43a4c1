/**
 * @module StartTransaction: the D1 session row's id is the transactionId. The start key makes a
 * replayed start (offline queue, retry after reconnect) find the same session; the object stores
 * the transaction before the reply leaves, so an eviction right after cannot lose it.
 */
import { startKey } from '../../../../domain/ocpp/start-key';
import { openSession } from '../../../../drizzle/queries/sessions';
import type { Handler } from '../context';
import type { InboundReplies } from '../ocpp-types';
import { idTagInfo } from './authorize';

export const startTransaction: Handler<'StartTransaction'> = async (ctx, p) => {
  const key = startKey(p);
  const known = ctx.store.transactionByStartKey(key);
  if (known) return known.startReply as InboundReplies['StartTransaction'];

  // The charge point has started already: the session exists whatever the decision, and a charge
  // point told "Invalid" stops it (StopTransaction reason DeAuthorized).
  const { info, decision } = await idTagInfo(ctx, p.idTag, p.connectorId);
  const session = await openSession(ctx.db, {
    stationId: ctx.stationId,
    connectorNumber: p.connectorId,
    idTag: p.idTag,
    startKey: key,
    startAt: new Date(p.timestamp),
    meterStartWh: p.meterStart,
    userId: decision.userId,
    rfidId: decision.rfidId,
  });
  const reply = { transactionId: session.id, idTagInfo: info };
  ctx.store.insertTransaction({
    transactionId: session.id,
    startKey: key,
    connectorId: p.connectorId,
    idTag: p.idTag,
    meterStart: p.meterStart,
    startedAt: Date.parse(p.timestamp),
    startReply: reply,
  });
  // Users with limits: the energy they may still charge, checked on each MeterValues (ADR 020).
  if (info.status === 'Accepted' && decision.budget) ctx.store.putLimit(session.id, decision.budget);
  ctx.publish({
    type: 'session',
    stationUid: ctx.identity,
    sessionId: session.id,
    state: 'started',
    at: ctx.now.toISOString(),
  });
  return reply;
};
