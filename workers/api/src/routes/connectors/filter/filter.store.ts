/** @module The filter choices' store: operators, owners, cities, company groups and tags of the caller's tree. */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { listedStationInScope } from '@db/queries/stations.store';
import { companies, companyGroups, connectorGroups, stations } from '@db/schema';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';

/** Options for the list filters, all within the scope (cities without the empty one). */
export async function filterChoices(db: Db, scope: number[]) {
  const inScope = listedStationInScope(scope);
  const [operators, owners, cities, groups, tags] = await Promise.all([
    db
      .selectDistinct({ id: companies.id, name: companies.name })
      .from(stations)
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(inScope)
      .orderBy(asc(companies.name)),
    db
      .selectDistinct({ id: companies.id, name: companies.name })
      .from(stations)
      .innerJoin(companies, eq(companies.id, stations.ownerCompanyId))
      .where(inScope)
      .orderBy(asc(companies.name)),
    db
      .selectDistinct({ city: stations.city })
      .from(stations)
      .where(and(inScope, isNotNull(stations.city)))
      .orderBy(asc(stations.city)),
    db
      .select({ id: companyGroups.id, name: companyGroups.name, level: companyGroups.level })
      .from(companyGroups)
      .where(inArray(companyGroups.companyId, scope))
      .orderBy(asc(companyGroups.level), asc(companyGroups.name)),
    db
      .select({ id: connectorGroups.id, name: connectorGroups.name })
      .from(connectorGroups)
      .where(inCompanies(connectorGroups.companyId, scope))
      .orderBy(asc(connectorGroups.name))
      .limit(500),
  ]);
  return { operators, owners, cities: cities.flatMap((c) => (c.city ? [c.city] : [])), groups, tags };
}
