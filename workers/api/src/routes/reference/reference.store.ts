/** @module The reference data read from the database: station cities and company groups, in the caller's scope. */
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { listedStationInScope } from '@db/queries/stations.store';
import { companyGroups, stations } from '@db/schema';
import { and, asc, isNotNull } from 'drizzle-orm';

/** The cities of the scope's listed stations (hidden stations are not offered, ADR 025), by name. */
export async function stationCities(db: Db, scope: number[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: stations.city })
    .from(stations)
    .where(and(isNotNull(stations.city), listedStationInScope(scope)))
    .orderBy(stations.city);
  return rows.map((r) => r.city).filter((city): city is string => Boolean(city));
}

/** The company groups of these companies, by level and name. */
export function companyGroupsOf(db: Db, companyIds: number[]) {
  return db
    .select({
      id: companyGroups.id,
      name: companyGroups.name,
      level: companyGroups.level,
      company_id: companyGroups.companyId,
    })
    .from(companyGroups)
    .where(inCompanies(companyGroups.companyId, companyIds))
    .orderBy(asc(companyGroups.level), asc(companyGroups.name));
}
