/** @module Authorize: the back office's rules decide (drizzle/queries/authorization.store.ts). */

// The same module the API's tests call: the ocpp worker decides a partner's token itself (ADR 057 addendum).
import { authorizeRoamingToken } from '@api/ocpi/ocpi.authorize';
import { decideAuthorization } from '@db/queries/authorization.store';
import { recordAuthorization } from '@db/queries/stations.store';
import { recordPrepaidRefusal } from '@db/queries/wallet-refusals.store';
import type { AuthorizationDecision } from '@domain/charging-authorization/decide';
import type { Handler, HandlerContext } from '../context';
import type { IdTagInfo } from '../ocpp-types';

/**
 * What the idTagInfo answers: Authorize (may this card charge?), StartTransaction (the only one
 * that checks for a concurrent transaction of the card) or StopTransaction (the card's own state;
 * the stop itself is always accepted and recorded). ADR 040.
 */
export type IdTagPurpose = 'authorize' | 'start' | 'stop';

export async function idTagInfo(
  ctx: HandlerContext,
  idTag: string,
  opts: { connectorNumber?: number | undefined; purpose: IdTagPurpose },
) {
  let decision = await decideAuthorization(ctx.db, {
    idTag,
    stationId: ctx.stationId,
    ...(opts.connectorNumber !== undefined ? { connectorNumber: opts.connectorNumber } : {}),
    at: ctx.now,
    checkConcurrent: opts.purpose === 'start',
  });
  // None of our cards: a roaming partner's token? (Our own cards never get here: no extra read for them.)
  if (decision.unknownCard && opts.purpose !== 'stop') decision = await roaming(ctx, idTag, decision, opts.purpose);
  const info: IdTagInfo = { status: decision.status };
  // A prepaid balance too low to start: the operator sees why in the customer-service log (issue 18).
  if (decision.prepaidRefusal && opts.purpose !== 'stop') {
    const refusal = { stationId: ctx.stationId, userId: decision.userId ?? null, idTag, purpose: opts.purpose };
    ctx.afterReply(() => recordPrepaidRefusal(ctx.db, { ...refusal, reason: decision.reason }));
  }
  if (decision.expiryDate) info.expiryDate = decision.expiryDate;
  if (decision.parentIdTag) info.parentIdTag = decision.parentIdTag;
  return { info, decision };
}

/** A partner's token (OCPI tokens receiver and START_SESSION), decided from the cache or in real time. */
async function roaming(
  ctx: HandlerContext,
  idTag: string,
  unknown: AuthorizationDecision,
  purpose: 'authorize' | 'start',
) {
  const found = await authorizeRoamingToken(ctx.db, ctx.env, { idTag, stationId: ctx.stationId, at: ctx.now, purpose });
  if (!found) return unknown;
  const decision: AuthorizationDecision = { status: found.status, reason: found.reason };
  if (found.status === 'Accepted')
    decision.ocpi = {
      peeringId: found.peeringId,
      tokenUid: found.tokenUid,
      authorizationReference: found.authorizationReference,
      authMethod: found.authMethod,
    };
  return decision;
}

export const authorize: Handler<'Authorize'> = async (ctx, p) => {
  const { info } = await idTagInfo(ctx, p.idTag, { purpose: 'authorize' });
  await recordAuthorization(ctx.db, ctx.stationId, ctx.now);
  return { idTagInfo: info };
};
