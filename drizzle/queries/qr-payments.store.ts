/**
 * @module What the charger's side of a QR payment reads and writes (shared by the ocpp worker and
 * the API): the payment of an `EP-…` idTag, whether the charger may use it (the one-time rule of
 * domain/qr-payments/decide.ts), and the link of the session it started. The link is a guarded update
 * (still starting, no session yet, this connector), so an auth id starts one session at most.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthorizationDecision } from '../../domain/charging-authorization/decide';
import { qrAuthorization } from '../../domain/qr-payments/decide';
import type { Db } from '../db';
import { qrPayments } from '../schema';

/** The decision for an `EP-…` idTag at the station (and connector, for a start). */
export async function decideQrAuthorization(
  db: Db,
  input: { idTag: string; stationId: number; connectorNumber?: number },
): Promise<AuthorizationDecision> {
  const payment = await db
    .select({
      status: qrPayments.status,
      stationId: qrPayments.stationId,
      connectorNumber: qrPayments.connectorNumber,
      sessionId: qrPayments.sessionId,
    })
    .from(qrPayments)
    .where(eq(qrPayments.authId, input.idTag.trim().toUpperCase()))
    .get();
  return qrAuthorization({
    payment: payment ?? null,
    stationId: input.stationId,
    ...(input.connectorNumber !== undefined ? { connectorNumber: input.connectorNumber } : {}),
  });
}

/** Links the session the auth id started: true when this call made the link (once per auth id). */
export async function linkQrSession(
  db: Db,
  link: { idTag: string; sessionId: number; stationId: number; connectorNumber: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(qrPayments)
    .set({ sessionId: link.sessionId, status: 'charging', startedAt: link.at, updatedAt: link.at })
    .where(
      and(
        eq(qrPayments.authId, link.idTag.trim().toUpperCase()),
        eq(qrPayments.status, 'starting'),
        isNull(qrPayments.sessionId),
        eq(qrPayments.stationId, link.stationId),
        eq(qrPayments.connectorNumber, link.connectorNumber),
      ),
    )
    .returning({ id: qrPayments.id });
  return rows.length > 0;
}
