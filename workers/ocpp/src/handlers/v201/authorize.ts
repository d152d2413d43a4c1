/**
 * @module OCPP 2.0.1 Authorize (block C) from the same authorization as 1.6 (ADR 040): every idToken
 * type is looked up by its value among the back office's cards and contract ids, except
 * NoAuthorization, which names no one and is Invalid until free charging is a station setting (ADR 058).
 * The 1.6 parentIdTag becomes the groupIdToken; Authorize never answers ConcurrentTx. Every answer
 * carries its cacheExpiryDateTime: the card's validity end, never later than the bounded cache lifetime
 * (domain/ocpp/authorization-cache.ts), so a blocked card leaves the station's cache within a day.
 */
import { recordAuthorization } from '@db/queries/stations.store';
import { cacheExpiry } from '@domain/ocpp/authorization-cache';
import type { Handler201, HandlerContext } from '../../context';
import type { IdTagInfo } from '../../ocpp-types';
import type { IdToken, IdTokenInfo } from '../../ocpp201-types';
import { type IdTagPurpose, idTagInfo } from '../authorize';

/** A 1.6 idTagInfo in 2.0.1 terms: same statuses, expiry (bounded, from `now`) as cache expiry, the parent as group. */
export function toIdTokenInfo(info: IdTagInfo, now: Date): IdTokenInfo {
  const out: IdTokenInfo = { status: info.status, cacheExpiryDateTime: cacheExpiry(info.expiryDate, now) };
  if (info.parentIdTag) out.groupIdToken = { idToken: info.parentIdTag, type: 'Central' };
  return out;
}

/** The idTokenInfo of a token and the 1.6 decision behind it (null for NoAuthorization). */
export async function idTokenInfo(
  ctx: HandlerContext,
  token: IdToken,
  opts: { connectorNumber?: number; purpose: IdTagPurpose },
): Promise<IdTokenInfo> {
  if (token.type === 'NoAuthorization') return toIdTokenInfo({ status: 'Invalid' }, ctx.now);
  return toIdTokenInfo((await idTagInfo(ctx, token.idToken, opts)).info, ctx.now);
}

export const authorize: Handler201<'Authorize'> = async (ctx, p) => {
  const info = await idTokenInfo(ctx, p.idToken, { purpose: 'authorize' });
  await recordAuthorization(ctx.db, ctx.stationId, ctx.now);
  return { idTokenInfo: info };
};
