/**
 * @module StatusNotification: every status and error code is kept in the object; D1 `connectors` and
 * the status history change only when the status or error code did. Connector 0 is the station
 * itself and has no connector row, so it lives in the object's state only. A connector number the
 * station does not have (and may not add, MAX_REPORTED_CONNECTOR) is logged and ignored. A connector
 * reported Available has no transaction running: one still open there ended without its
 * StopTransaction (ADR 040).
 */

import { applyConnectorStatus } from '@db/queries/stations.store';
import { connectorStatusFromOcpp } from '@domain/ocpp/status-map';
import type { Handler, HandlerContext } from '../context';
import type { InboundRequests } from '../ocpp-types';
import { closeEndedTransactions } from './session-end';

export const statusNotification: Handler<'StatusNotification'> = (ctx, p) =>
  applyStatus(ctx, p, { closeOnAvailable: true });

/**
 * Keeps a connector status (1.6 names). `closeOnAvailable`: an Available connector ends the
 * transaction still open there (1.6); 2.0.1 ends transactions by TransactionEvent Ended only (ADR 058).
 */
export async function applyStatus(
  ctx: HandlerContext,
  p: InboundRequests['StatusNotification'],
  opts: { closeOnAvailable: boolean },
): Promise<Record<string, never>> {
  const previous = ctx.store.connectors().find((c) => c.connectorId === p.connectorId);
  // A repeat of the state the object already holds was written to D1 the first time.
  const unchanged = previous?.status === p.status && previous.errorCode === p.errorCode;
  const at = p.timestamp ? Date.parse(p.timestamp) : ctx.now.getTime();
  if (p.connectorId > 0 && !unchanged) {
    if ((await writeD1(ctx, p)) === 'unknown') {
      console.warn(`[ocpp] ${ctx.identity}: StatusNotification for unknown connector ${p.connectorId} ignored`);
      return {};
    }
    ctx.store.addStatusEvent(p.connectorId, p.status, at);
    ctx.publish({
      type: 'connector-status',
      stationUid: ctx.identity,
      connectorNumber: p.connectorId,
      status: connectorStatusFromOcpp(p.status),
      errorCode: p.errorCode === 'NoError' ? null : p.errorCode,
      at: ctx.now.toISOString(),
    });
    if (p.status === 'Available' && opts.closeOnAvailable) {
      await closeEndedTransactions(ctx, {
        evidence: { kind: 'available', connectorId: p.connectorId },
        connectorId: p.connectorId,
        before: Number.isNaN(at) ? ctx.now.getTime() : at,
      });
    }
  }
  // Stored after D1, so a failed D1 write is retried by the next notification.
  ctx.store.putConnector({
    connectorId: p.connectorId,
    status: p.status,
    errorCode: p.errorCode,
    info: p.info ?? null,
    vendorId: p.vendorId ?? null,
    vendorErrorCode: p.vendorErrorCode ?? null,
    timestamp: p.timestamp ?? null,
    receivedAt: ctx.now.getTime(),
  });
  return {};
}

function writeD1(ctx: HandlerContext, p: InboundRequests['StatusNotification']) {
  const vendor = p.vendorErrorCode ? `vendor ${p.vendorId ?? ''} ${p.vendorErrorCode}`.replace(/\s+/g, ' ') : '';
  const info = [p.info, vendor].filter(Boolean).join('; ');
  return applyConnectorStatus(ctx.db, { id: ctx.stationId, uid: ctx.identity }, p.connectorId, {
    status: connectorStatusFromOcpp(p.status),
    errorCode: p.errorCode,
    info: info || null,
    at: p.timestamp ? new Date(p.timestamp) : ctx.now,
  });
}
