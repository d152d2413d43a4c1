/**
 * @module Reads of the roaming-details API (ADR 057 addendum "EMSP: locations and tariffs"): the
 * partners of the caller's scope reachable in a country (a Location there, or a CPO party of that
 * country), their counts of Locations and EVSEs, and their Tariffs; always within the company scope.
 */
import type { Db } from '@db/db';
import type { Tariff } from '@domain/ocpi/tariffs';

export interface PartnerRow {
  id: number;
  name: string;
  state: string;
  partner_roles_json: string;
  company_name: string;
  locations: number;
  evses: number;
  available: number;
}

/** Partners reachable in a country (alpha-2 and alpha-3), by name, one page. */
export async function partnersIn(
  db: Db,
  scope: readonly number[],
  country: { a2: string; a3: string },
  page: number,
  size: number,
) {
  const where = `p.company_id IN (SELECT value FROM json_each(?1)) AND p.state <> 'unregistered'
    AND (EXISTS (SELECT 1 FROM ocpi_partner_locations l WHERE l.peering_id = p.id AND l.country = ?2)
      OR EXISTS (SELECT 1 FROM json_each(p.partner_roles_json) r WHERE json_extract(r.value, '$.role') = 'CPO'
        AND upper(json_extract(r.value, '$.country_code')) = ?3))`;
  const args = [JSON.stringify(scope), country.a3, country.a2] as const;
  const [rows, total] = await db.$client.batch<PartnerRow | { n: number }>([
    db.$client
      .prepare(
        `SELECT p.id, p.name, p.state, p.partner_roles_json, c.name AS company_name,
           (SELECT COUNT(*) FROM ocpi_partner_locations l WHERE l.peering_id = p.id AND l.country = ?2) AS locations,
           (SELECT COUNT(*) FROM ocpi_partner_evses e JOIN ocpi_partner_locations l ON l.id = e.location_row_id
             WHERE l.peering_id = p.id AND l.country = ?2 AND e.status <> 'REMOVED') AS evses,
           (SELECT COUNT(*) FROM ocpi_partner_evses e JOIN ocpi_partner_locations l ON l.id = e.location_row_id
             WHERE l.peering_id = p.id AND l.country = ?2 AND e.status = 'AVAILABLE') AS available
         FROM ocpi_peerings p JOIN companies c ON c.id = p.company_id
         WHERE ${where} ORDER BY p.name, p.id LIMIT ?4 OFFSET ?5`,
      )
      .bind(...args, size, page * size),
    db.$client.prepare(`SELECT COUNT(*) AS n FROM ocpi_peerings p WHERE ${where}`).bind(...args),
  ]);
  return {
    rows: (rows?.results ?? []) as PartnerRow[],
    total: ((total?.results ?? [])[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** The most tariffs listed per partner. */
export const TARIFFS_PER_PARTNER = 50;

/**
 * A partner's Tariffs that apply in the country: those a connector of its Locations there names, and
 * those of its parties of that country.
 */
export async function tariffsIn(db: Db, peeringId: number, country: { a2: string; a3: string }) {
  const rows = await db.$client
    .prepare(
      `SELECT t.object_json FROM ocpi_partner_tariffs t WHERE t.peering_id = ?1 AND (t.country_code = ?3
         OR t.tariff_id IN (SELECT j.value FROM ocpi_partner_locations l
           JOIN ocpi_partner_evses e ON e.location_row_id = l.id,
           json_each(e.object_json, '$.connectors') k, json_each(k.value, '$.tariff_ids') j
           WHERE l.peering_id = ?1 AND l.country = ?2))
       ORDER BY t.tariff_id LIMIT ?4`,
    )
    .bind(peeringId, country.a3, country.a2, TARIFFS_PER_PARTNER)
    .all<{ object_json: string }>();
  return rows.results.map((r) => JSON.parse(r.object_json) as Tariff);
}

/** The countries (alpha-3) where the scope's partners have Locations, for the picker. */
export async function partnerCountries(db: Db, scope: readonly number[]) {
  const rows = await db.$client
    .prepare(
      'SELECT DISTINCT country FROM ocpi_partner_locations WHERE company_id IN (SELECT value FROM json_each(?1)) ORDER BY country',
    )
    .bind(JSON.stringify(scope))
    .all<{ country: string }>();
  return rows.results.map((r) => r.country);
}
