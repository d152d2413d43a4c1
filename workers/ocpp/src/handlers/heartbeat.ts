/** @module Heartbeat: kept in the object; D1 hears of it at most every 15 minutes (docs/architecture.md). */
import { recordSeen } from '@db/queries/stations.store';
import type { Handler, HandlerContext } from '../context';

export const D1_SEEN_EVERY_MS = 15 * 60 * 1000;

/**
 * Writes last seen (and last heartbeat) to D1 when the previous write is older than 15 minutes. The
 * object keeps the heartbeat time in its `kv` at the same pace: between two such writes, the last
 * heartbeat is the latest Heartbeat in the frame log (ChargePoint.lastHeartbeat), logged with its reply.
 */
export async function touchSeen(ctx: HandlerContext, heartbeat: boolean): Promise<void> {
  const last = ctx.store.get('d1SeenAt') ?? 0;
  if (ctx.now.getTime() - last < D1_SEEN_EVERY_MS) return;
  await recordSeen(ctx.db, ctx.stationId, ctx.now, heartbeat);
  ctx.store.put('d1SeenAt', ctx.now.getTime());
  if (heartbeat) ctx.store.put('lastHeartbeat', ctx.now.toISOString());
}

export const heartbeat: Handler<'Heartbeat'> = async (ctx) => {
  await touchSeen(ctx, true);
  ctx.publish({ type: 'heartbeat', stationUid: ctx.identity, at: ctx.now.toISOString() });
  return { currentTime: ctx.now.toISOString() };
};
