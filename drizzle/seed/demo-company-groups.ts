/**
 * @module Demo company groups (the four levels of issue 6 part 7): Fleetwise Logistics names its
 * levels "Region" and "Site" and places its drivers in them; Voltaria names level 1 "Region" and
 * places its stations by city. So the group pickers of the fleet user filters, the user wizard and
 * the station/connector list filters show real choices. Idempotent: skipped once the fleet company
 * has company groups.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { companies, companyGroups, stations, users } from '../schema';

const FLEET_REGIONS = { North: ['Lille depot'], South: ['Lyon depot', 'Marseille depot'] } as const;

/** Driver e-mail → [region, site] (demo-fleet's drivers). */
const DRIVER_GROUPS: Record<string, [keyof typeof FLEET_REGIONS, string]> = {
  'camille.durand@fleetwise.test': ['South', 'Lyon depot'],
  'lucas.bernard@fleetwise.test': ['South', 'Lyon depot'],
  'manon.petit@fleetwise.test': ['South', 'Marseille depot'],
  'hugo.robert@fleetwise.test': ['North', 'Lille depot'],
  'lea.richard@fleetwise.test': ['North', 'Lille depot'],
  'nathan.moreau@fleetwise.test': ['South', 'Marseille depot'],
  'chloe.simon@fleetwise.test': ['North', 'Lille depot'],
};

const STATION_REGIONS: Record<string, string> = {
  Paris: 'Île-de-France',
  Lyon: 'Auvergne-Rhône-Alpes',
  Bordeaux: 'Nouvelle-Aquitaine',
  Lille: 'Hauts-de-France',
  Marseille: "Provence-Alpes-Côte d'Azur",
  Nice: "Provence-Alpes-Côte d'Azur",
};

export async function seedDemoCompanyGroups(db: Db, fleetCompanyId: number, operatorId: number): Promise<void> {
  const existing = await db
    .select({ id: companyGroups.id })
    .from(companyGroups)
    .where(eq(companyGroups.companyId, fleetCompanyId))
    .get();
  if (existing) return;

  await db
    .update(companies)
    .set({ group1Label: 'Region', group2Label: 'Site' })
    .where(eq(companies.id, fleetCompanyId));
  const regionRows = await db
    .insert(companyGroups)
    .values(Object.keys(FLEET_REGIONS).map((name) => ({ companyId: fleetCompanyId, level: 1, name })))
    .returning();
  const siteRows = await db
    .insert(companyGroups)
    .values(
      Object.values(FLEET_REGIONS).flatMap((sites) =>
        sites.map((name) => ({ companyId: fleetCompanyId, level: 2, name })),
      ),
    )
    .returning();
  const region = new Map(regionRows.map((g) => [g.name, g.id]));
  const site = new Map(siteRows.map((g) => [g.name, g.id]));
  for (const [email, [r, s]] of Object.entries(DRIVER_GROUPS)) {
    await db
      .update(users)
      .set({ group1Id: region.get(r) ?? null, group2Id: site.get(s) ?? null })
      .where(and(eq(users.email, email), eq(users.companyId, fleetCompanyId)));
  }

  const [operator] = await db
    .select({ label: companies.group1Label })
    .from(companies)
    .where(eq(companies.id, operatorId));
  if (!operator) return;
  await db.update(companies).set({ group1Label: 'Region' }).where(eq(companies.id, operatorId));
  const operatorRows = await db
    .insert(companyGroups)
    .values([...new Set(Object.values(STATION_REGIONS))].map((name) => ({ companyId: operatorId, level: 1, name })))
    .returning();
  const operatorRegion = new Map(operatorRows.map((g) => [g.name, g.id]));
  for (const [city, name] of Object.entries(STATION_REGIONS)) {
    const id = operatorRegion.get(name);
    if (!id) continue;
    await db
      .update(stations)
      .set({ group1Id: id })
      .where(and(eq(stations.companyId, operatorId), inArray(stations.city, [city])));
  }
}
