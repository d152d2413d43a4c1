/**
 * @module What site load management (ADR 059) reads from D1: the managed site a station stands at,
 * the site's limit as a configuration, and the facts of a session that set its share (its connector's
 * uid and power, the customer group it started in).
 */
import { DEFAULT_LOAD_CONFIG, type SiteLoadConfig } from '@domain/load/site-limit';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { chargingSessions, connectors, locationStations, locations, siteLoadLimits } from '../schema';

export interface SiteLoadRow {
  locationId: number;
  enabled: boolean;
  timeZone: string;
  config: SiteLoadConfig;
}

const parse = <T>(json: string, fallback: T): T => {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

export function toConfig(row: typeof siteLoadLimits.$inferSelect): SiteLoadConfig {
  return {
    unit: row.unit,
    limit: row.limitValue,
    phases: row.phases === 1 ? 1 : 3,
    voltage: row.voltage,
    minCurrentA: row.minCurrentA,
    schedule: parse(row.scheduleJson, DEFAULT_LOAD_CONFIG.schedule),
    connectorMinimums: parse(row.connectorMinimumsJson, {}),
    groupPriorities: parse(row.groupPrioritiesJson, {}),
  };
}

/** The location of the station when it has a load limit (enabled or not), else null. */
export async function managedSiteOfStation(db: Db, stationId: number): Promise<number | null> {
  const row = await db
    .select({ locationId: siteLoadLimits.locationId })
    .from(locationStations)
    .innerJoin(siteLoadLimits, eq(siteLoadLimits.locationId, locationStations.locationId))
    .where(eq(locationStations.stationId, stationId))
    .get();
  return row?.locationId ?? null;
}

/** The site's limit with its location's time zone, or null when the location has none. */
export async function siteLoad(db: Db, locationId: number): Promise<SiteLoadRow | null> {
  const row = await db
    .select({ limit: siteLoadLimits, timeZone: locations.timeZone })
    .from(siteLoadLimits)
    .innerJoin(locations, eq(locations.id, siteLoadLimits.locationId))
    .where(eq(siteLoadLimits.locationId, locationId))
    .get();
  if (!row) return null;
  return { locationId, enabled: row.limit.enabled, timeZone: row.timeZone, config: toConfig(row.limit) };
}

/** The connector's uid and rated power, and the customer group the session started in. */
export async function sessionLoadFacts(db: Db, stationId: number, connectorNumber: number, sessionId: number) {
  const [connector, session] = await Promise.all([
    db
      .select({ uid: connectors.uid, maxPowerW: connectors.maxPowerW })
      .from(connectors)
      .where(and(eq(connectors.stationId, stationId), eq(connectors.connectorNumber, connectorNumber)))
      .get(),
    db
      .select({ customerGroupId: chargingSessions.customerGroupId })
      .from(chargingSessions)
      .where(eq(chargingSessions.id, sessionId))
      .get(),
  ]);
  return {
    connectorUid: connector?.uid ?? null,
    maxPowerW: connector?.maxPowerW ?? null,
    customerGroupId: session?.customerGroupId ?? null,
  };
}
