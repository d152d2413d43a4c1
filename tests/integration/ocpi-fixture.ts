/**
 * A registered OCPI peering with the test partner (tests/integration/ocpi-partner.ts), made through the
 * peerings API as an operator's user would: for the module tests (locations, tokens, sessions, CDRs,
 * commands). The partner lists the module endpoints given; the product's fetches to it are routed to it
 * until `restore()`.
 */
import { expect } from 'vitest';
import { call, type Session } from './helpers';
import { createPartner, PARTNER_BASE, type PartnerState, routeFetchesTo } from './ocpi-partner';

export interface ConnectedPartner {
  partner: ReturnType<typeof createPartner>;
  state: PartnerState;
  peeringId: number;
  restore: () => void;
}

/** `session` must be a user who may add peerings (e.g. role ADMINISTRATIVE_SERVICES of an operator). */
export async function connectedPartner(
  session: Session,
  endpoints: PartnerState['endpoints'] = [],
  tokenA = `partner-token-a-${crypto.randomUUID()}`,
): Promise<ConnectedPartner> {
  const partner = createPartner(tokenA);
  partner.state.endpoints.push(...endpoints);
  const spy = routeFetchesTo(partner);
  const res = await call('/peerings', {
    ...session,
    json: { name: 'Partner', versions_url: `${PARTNER_BASE}/versions`, token_a: tokenA },
  });
  expect(res.status).toBe(201);
  const peering = (await res.json()) as { id: number; state: string };
  expect(peering.state).toBe('registered');
  expect(partner.state.problems).toEqual([]);
  return { partner, state: partner.state, peeringId: peering.id, restore: () => spy.mockRestore() };
}
