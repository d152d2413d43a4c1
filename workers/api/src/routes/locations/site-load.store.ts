/** @module Queries of a location's site load limit (ADR 059); the location is found in the caller's scope first. */
import { auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { siteLoadLimits } from '@db/schema';
import type { SiteLoadConfig } from '@domain/load/site-limit';
import { eq } from 'drizzle-orm';

export function loadLimitOf(db: Db, locationId: number) {
  return db.select().from(siteLoadLimits).where(eq(siteLoadLimits.locationId, locationId)).get();
}

/** Replaces the location's limit, with its audit row in the same batch. */
export async function saveLoadLimit(
  db: Db,
  actor: { userId: number; companyId: number },
  location: { id: number; uid: string },
  enabled: boolean,
  config: SiteLoadConfig,
) {
  const values = {
    enabled,
    unit: config.unit,
    limitValue: config.limit,
    phases: config.phases,
    voltage: config.voltage,
    minCurrentA: config.minCurrentA,
    scheduleJson: JSON.stringify(config.schedule),
    connectorMinimumsJson: JSON.stringify(config.connectorMinimums),
    groupPrioritiesJson: JSON.stringify(config.groupPriorities),
    updatedByUserId: actor.userId,
    updatedAt: new Date(),
  };
  await db.batch([
    db
      .insert(siteLoadLimits)
      .values({ locationId: location.id, ...values })
      .onConflictDoUpdate({ target: siteLoadLimits.locationId, set: values }),
    auditInsert(db, {
      action: 'location.load.update',
      actorUserId: actor.userId,
      companyId: actor.companyId,
      entity: 'location',
      entityId: location.uid,
      detail: { enabled, unit: config.unit, limit: config.limit, periods: config.schedule.length },
    }),
  ]);
}
