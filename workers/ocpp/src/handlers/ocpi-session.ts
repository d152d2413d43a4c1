/**
 * @module Roaming sessions in the ChargePoint object (issue 22 part 3, ADR 057 addendum "sessions and
 * CDRs"): a session a partner's token started (`ocpi_peering_id` on the D1 row openSession returns) is
 * remembered in the object's `ocpiTransactions` (kept in memory, read without a query), its start
 * queues the partner's Session PUT, and each MeterValues writes the energy so far and queues (coalesced)
 * another. Other sessions cost one in-memory lookup per MeterValues and no D1 statement. The close and
 * the CDR are queued by pricing (drizzle/queries/pricing.store.ts). This worker has no key to open the
 * partner's token: it queues, and the web worker's five-minute cron delivers.
 */
import { ocpiSessionProgress, queueOcpiSessionPush } from '@db/queries/ocpi-sessions.store';
import { latestReading } from '@domain/charging-authorization/limits';
import { curvePoints, type MeterSample } from '@domain/ocpp/meter-values';
import type { HandlerContext } from '../context';
import type { TransactionState } from '../storage/store';

/** At StartTransaction: a roaming session is remembered and its first Session push queued. */
export function roamingSessionStarted(ctx: HandlerContext, session: { id: number; ocpiPeeringId: number | null }) {
  const peeringId = session.ocpiPeeringId;
  if (peeringId === null) return;
  const open = new Set(ctx.store.openTransactions().map((t) => String(t.transactionId)));
  const kept = Object.entries(ctx.store.get('ocpiTransactions') ?? {}).filter(([id]) => open.has(id));
  ctx.store.put('ocpiTransactions', { ...Object.fromEntries(kept), [String(session.id)]: peeringId });
  ctx.afterReply(() => queueOcpiSessionPush(ctx.db, peeringId, session.id, ctx.now));
}

/** At MeterValues of an open transaction: for a roaming one, its energy so far and a Session push. */
export function roamingSessionProgress(ctx: HandlerContext, tx: TransactionState, samples: readonly MeterSample[]) {
  const peeringId = ctx.store.get('ocpiTransactions')?.[String(tx.transactionId)];
  if (peeringId === undefined) return;
  const reading = latestReading(curvePoints(samples));
  if (reading === null) return;
  ctx.afterReply(() => ocpiSessionProgress(ctx.db, peeringId, tx.transactionId, reading.wh - tx.meterStart, ctx.now));
}
