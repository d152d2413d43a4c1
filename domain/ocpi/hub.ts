/**
 * @module OCPI hub specifics (transport_and_format "Message Routing", mod_hub_client_info.asciidoc,
 * ADR 057 addendum "Hub and charging profiles"), pure: whether a peering's partner is a hub, the
 * ClientInfo object a hub pushes, the Gireve party codes (`FR*ABC`), and the four routing headers of a
 * request to (or an answer through) a hub.
 */
import { z } from 'zod';
import { type CredentialsRole, countryCode, ocpiDateTime, partyId, Role } from './schemas';
import type { PartyRef } from './transport';

export const ConnectionStatus = z.enum(['CONNECTED', 'OFFLINE', 'PLANNED', 'SUSPENDED']);
export const ClientInfo = z.object({
  party_id: partyId,
  country_code: countryCode,
  role: Role,
  status: ConnectionStatus,
  last_updated: ocpiDateTime,
});
export type ClientInfo = z.infer<typeof ClientInfo>;

/** The partner's roles as registered (credentials), or none when unreadable. */
export function rolesOf(partnerRolesJson: string): CredentialsRole[] {
  try {
    const roles = JSON.parse(partnerRolesJson) as unknown;
    return Array.isArray(roles) ? (roles as CredentialsRole[]) : [];
  } catch {
    return [];
  }
}

/** The hub's own party when the partner registered the HUB role (a hub peering), else null. */
export function hubParty(partnerRolesJson: string): PartyRef | null {
  const hub = rolesOf(partnerRolesJson).find((r) => r.role === 'HUB');
  return hub ? { countryCode: hub.country_code.toUpperCase(), partyId: hub.party_id.toUpperCase() } : null;
}

/**
 * The roles a hub peering speaks for: its own, plus every party behind it that is not SUSPENDED, as if
 * registered (so a token, command or profile of an eMSP behind the hub is the peering's own).
 */
export function rolesBehindHub(
  own: CredentialsRole[],
  clients: { countryCode: string; partyId: string; role: string; status: string }[],
): CredentialsRole[] {
  const behind = clients
    .filter((x) => x.status !== 'SUSPENDED')
    .map((x) => ({
      role: x.role as CredentialsRole['role'],
      party_id: x.partyId,
      country_code: x.countryCode,
      business_details: { name: `${x.countryCode}*${x.partyId}` },
    }));
  return [...own, ...behind];
}

/** A Gireve party code: `FR*ABC` (also `FRABC`, `FR-ABC`, any case). */
export function parsePartyCode(code: string): PartyRef | null {
  const m = /^([A-Za-z]{2})[*-]?([A-Za-z0-9]{3})$/.exec(code.trim());
  return m?.[1] && m[2] ? { countryCode: m[1].toUpperCase(), partyId: m[2].toUpperCase() } : null;
}

export const partyCode = (p: PartyRef) => `${p.countryCode}*${p.partyId}`;

/** The routing headers of a message from one party to another (request, or an answer with the sides swapped). */
export const routingHeadersOf = (from: PartyRef, to: PartyRef): Record<string, string> => ({
  'OCPI-from-country-code': from.countryCode,
  'OCPI-from-party-id': from.partyId,
  'OCPI-to-country-code': to.countryCode,
  'OCPI-to-party-id': to.partyId,
});

/** Configuration modules are between platform and hub: never routed (transport_and_format). */
export const routedModule = (path: string) =>
  !/\/(versions|credentials|hubclientinfo)(\/|$)|\/\d+\.\d+(\.\d+)?\/?$/.test(path);

/**
 * The party a routed push or call is for: the eMSP of the token a session or CDR carries (`cdr_token`),
 * else the hub itself (a broadcast push: locations, tariffs).
 */
export function recipientOf(body: unknown, hub: PartyRef): PartyRef {
  const b = (body ?? {}) as { cdr_token?: { country_code?: string; party_id?: string } };
  const t = b.cdr_token;
  if (t?.country_code && t.party_id)
    return { countryCode: t.country_code.toUpperCase(), partyId: t.party_id.toUpperCase() };
  return hub;
}
