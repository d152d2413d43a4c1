/**
 * @module Push kind `charging_profile_result` (ADR 057 addendum "Hub and charging profiles"): the
 * ChargingProfileResult, ActiveChargingProfileResult or ClearProfileResult of a partner's request, from
 * the charge point's real answer, POSTed to the partner's `response_url` through the outbox (retried
 * until the partner takes it or refuses it for good); through a hub, to the party that asked.
 */
import { ActiveChargingProfileResult, ChargingProfileResult } from '@domain/ocpi/charging-profiles';
import type { PartyRef } from '@domain/ocpi/transport';
import { callPartner, pushOutcome, registerPushKind } from './ocpi.outbox';

export interface ProfileResultPush {
  url: string;
  result: unknown;
  /** The party behind a hub that asked (its OCPI-from-* headers). */
  to?: PartyRef;
}

registerPushKind('charging_profile_result', async ({ db, env, peering, payload }) => {
  const p = payload as ProfileResultPush | null;
  const valid =
    ChargingProfileResult.strict().safeParse(p?.result).success ||
    ActiveChargingProfileResult.safeParse(p?.result).success;
  if (!p?.url || !valid) return { error: 'charging_profile_result without a valid payload', permanent: true };
  const post = { method: 'POST' as const, url: p.url, body: p.result };
  // Through a hub, to the party that asked.
  return pushOutcome(await callPartner(db, env, peering, p.to ? { ...post, to: p.to } : post));
});
