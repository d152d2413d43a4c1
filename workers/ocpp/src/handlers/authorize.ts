/** @module Authorize: the back office's rules decide (drizzle/queries/authorization.ts). */
import { decideAuthorization } from '../../../../drizzle/queries/authorization';
import { recordAuthorization } from '../../../../drizzle/queries/stations';
import type { Handler, HandlerContext } from '../context';
import type { IdTagInfo } from '../ocpp-types';

export async function idTagInfo(ctx: HandlerContext, idTag: string, connectorNumber?: number) {
  const decision = await decideAuthorization(ctx.db, {
    idTag,
    stationId: ctx.stationId,
    ...(connectorNumber !== undefined ? { connectorNumber } : {}),
    at: ctx.now,
  });
  const info: IdTagInfo = { status: decision.status };
  if (decision.expiryDate) info.expiryDate = decision.expiryDate;
  return { info, decision };
}

export const authorize: Handler<'Authorize'> = async (ctx, p) => {
  const { info } = await idTagInfo(ctx, p.idTag);
  await recordAuthorization(ctx.db, ctx.stationId, ctx.now);
  return { idTagInfo: info };
};
