/**
 * @module Both halves of a credentials exchange: what we tell a partner about us (our credentials: a
 * token, our versions URL and our roles, one per OCPI party of the operator, made with defaults the first
 * time) and what we learn about it (its versions, the 2.2.1 details and their endpoints).
 */
import type { Db } from '@db/db';
import { credentialsEndpoint, defaultPartyId, mutualVersion, PLATFORM_ROLES } from '@domain/ocpi/registration';
import { type Credentials, type Endpoint, Version, VersionDetails } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { ocpiCall } from './ocpi.client';
import { companyForParties, insertParties, partiesOf } from './ocpi.store';

/** The operator's OCPI parties; a CPO and an EMSP party are made the first time (country of the company). */
export async function ourParties(db: Db, companyId: number) {
  const existing = await partiesOf(db, companyId);
  if (existing.length > 0) return existing;
  const company = await companyForParties(db, companyId);
  if (!company) return [];
  const countryCode = company.country.slice(0, 2).toUpperCase();
  const partyId = defaultPartyId(company.id);
  await insertParties(
    db,
    PLATFORM_ROLES.map((role) => ({
      companyId,
      countryCode,
      partyId,
      role,
      businessName: company.name.slice(0, 100),
      website: company.web?.startsWith('http') ? company.web : null,
    })),
  );
  return partiesOf(db, companyId);
}

/** Our credentials object for a partner: the token it is to present, our versions URL, our roles. */
export async function ourCredentials(db: Db, companyId: number, baseUrl: string, token: string): Promise<Credentials> {
  const parties = await ourParties(db, companyId);
  return {
    token,
    url: `${baseUrl}/versions`,
    roles: parties.map((p) => ({
      role: p.role as Credentials['roles'][number]['role'],
      party_id: p.partyId,
      country_code: p.countryCode,
      business_details: { name: p.businessName, ...(p.website ? { website: p.website } : {}) },
    })),
  };
}

export type Discovery =
  | { ok: true; version: string; endpoints: Endpoint[]; credentialsUrl: string }
  | { ok: false; code: number; error: string };

/** The partner's 2.2.1 endpoints from its versions URL, read with the token it gave us. */
export async function discoverPartner(
  db: Db,
  peeringId: number,
  versionsUrl: string,
  token: string,
  correlationId: string,
): Promise<Discovery> {
  const base = { peeringId, token, correlationId, method: 'GET' as const };
  const versions = await ocpiCall(db, { ...base, url: versionsUrl, schema: Version.array() });
  if (!versions.ok) return { ok: false, code: OcpiStatus.clientApiUnusable, error: versions.error };
  const mutual = mutualVersion(versions.data);
  if (!mutual)
    return {
      ok: false,
      code: OcpiStatus.unsupportedVersion,
      error: `The partner offers no OCPI 2.2.1 (versions: ${versions.data.map((v) => v.version).join(', ') || 'none'})`,
    };
  const details = await ocpiCall(db, { ...base, url: mutual.url, schema: VersionDetails });
  if (!details.ok) return { ok: false, code: OcpiStatus.clientApiUnusable, error: details.error };
  const credentials = credentialsEndpoint(details.data);
  if (!credentials)
    return { ok: false, code: OcpiStatus.noMatchingEndpoints, error: 'The partner lists no credentials endpoint' };
  return { ok: true, version: mutual.version, endpoints: details.data.endpoints, credentialsUrl: credentials.url };
}
