/**
 * @module Reads behind "where does this tariff apply, and can it ever?" (issue 24 §6): the tariff's
 * company scope, its stations by country, the connector groups and customer group it reaches, the MPS
 * assignments naming its chain, and the approved tariffs that compete with it. Only reads; the
 * verdict is `domain/tariffs/reach.ts`.
 */

import type { Db } from '@db/db';
import { companyScopeIds, inCompanies } from '@db/queries/companies.store';
import { tariffCandidate } from '@db/queries/pricing.store';
import {
  companies,
  connectorGroupConnectors,
  connectorGroups,
  connectors,
  customerGroups,
  mpsTariffs,
  stations,
  tariffs,
} from '@db/schema';
import type { TariffType } from '@domain/tariffs/model';
import type { TariffCandidate } from '@domain/tariffs/select';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';

type TariffRow = typeof tariffs.$inferSelect;

/** A stored tariff as selection sees it (the mapping pricing at close uses). */
export const candidateOfRow = (t: TariffRow): TariffCandidate => tariffCandidate(t);

const SAMPLE = 10;

/** `callerScope`: the caller's companies (MPS assignments of other companies stay unseen). */
export async function reachFacts(db: Db, t: TariffRow, callerScope: readonly number[]) {
  const scope = await companyScopeIds(db, t.companyId);
  const countries = JSON.parse(t.countriesJson) as string[];
  // Owner and revenue tariffs price the stations a company of the scope owns; the others the ones it operates.
  const ownerSide = t.type === 'owner' || t.type === 'revenue';
  const stationScope = ownerSide
    ? or(inCompanies(stations.companyId, scope), inCompanies(stations.ownerCompanyId, scope))
    : inCompanies(stations.companyId, scope);
  const inCountries = countries.length > 0 ? inArray(sql`upper(${stations.country})`, countries) : undefined;
  const competing: TariffType[] = t.type === 'owner' ? ['owner', 'revenue'] : [t.type];
  const chain = t.versionOf ?? t.id;
  const [byCountry, sample, groups, group, mps, others, companyRows] = await Promise.all([
    db
      .select({ country: sql<string | null>`upper(${stations.country})`, n: count() })
      .from(stations)
      .where(stationScope)
      .groupBy(sql`upper(${stations.country})`),
    db
      .select({ id: stations.id, name: stations.name, country: stations.country })
      .from(stations)
      .where(and(stationScope, inCountries))
      .orderBy(stations.name)
      .limit(SAMPLE),
    db
      .selectDistinct({ id: connectorGroups.id, name: connectorGroups.name })
      .from(connectorGroups)
      .innerJoin(connectorGroupConnectors, eq(connectorGroupConnectors.groupId, connectorGroups.id))
      .innerJoin(connectors, eq(connectors.id, connectorGroupConnectors.connectorId))
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(and(stationScope, inCountries))
      .orderBy(connectorGroups.name)
      .limit(50),
    t.customerGroupId === null
      ? Promise.resolve(null)
      : db
          .select({ id: customerGroups.id, name: customerGroups.name, deletedAt: customerGroups.deletedAt })
          .from(customerGroups)
          .where(eq(customerGroups.id, t.customerGroupId))
          .get(),
    db
      .select({ companyId: mpsTariffs.companyId, countryCode: mpsTariffs.countryCode, type: mpsTariffs.type })
      .from(mpsTariffs)
      .innerJoin(tariffs, eq(tariffs.id, mpsTariffs.tariffId))
      .where(
        and(or(eq(tariffs.id, chain), eq(tariffs.versionOf, chain)), inCompanies(mpsTariffs.companyId, callerScope)),
      ),
    db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.companyId, t.companyId), inArray(tariffs.type, competing), eq(tariffs.status, 'approved'))),
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inCompanies(companies.id, scope))
      .orderBy(companies.name)
      .limit(50),
  ]);
  const stationCountries = byCountry.flatMap((r) => (r.country ? [r.country] : []));
  return {
    scopeSize: scope.length,
    companies: companyRows,
    stationsByCountry: byCountry.map((r) => ({ country: r.country, count: r.n })),
    stationCountries,
    sample,
    groups,
    customerGroup:
      t.customerGroupId === null
        ? null
        : {
            id: t.customerGroupId,
            name: group?.name ?? null,
            exists: Boolean(group),
            deleted: Boolean(group && group.deletedAt !== null),
          },
    mps,
    others: others.map(candidateOfRow),
    othersById: new Map(others.map((o) => [o.id, o])),
  };
}
