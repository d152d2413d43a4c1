/**
 * @module Demo fleet: corporate groups of Fleetwise Logistics, a dozen drivers with plates, cards,
 * permissions and limits, and a few months of their charging sessions (one in progress), so the
 * fleet overview, user list, detail and KPI pages show real figures. Idempotent: skipped when the
 * groups exist.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { chargingSessions, connectors, corporateGroups, rfids, stations, users } from '../schema';
import { DEMO_DRIVERS, DEMO_FLEET_GROUPS } from './demo-fleet-drivers';
import { driverSessions, sequence } from './demo-fleet-sessions';
import { createUser } from './factories';

export { DEMO_DRIVERS } from './demo-fleet-drivers';

export async function seedDemoFleet(db: Db, fleetCompanyId: number, now = Date.now()): Promise<number> {
  const existing = await db.select().from(corporateGroups).where(eq(corporateGroups.companyId, fleetCompanyId));
  if (existing.length > 0) return 0;
  const groups = await db
    .insert(corporateGroups)
    .values(DEMO_FLEET_GROUPS.map((name) => ({ companyId: fleetCompanyId, name })))
    .returning();
  const groupId = (name: string) => groups.find((g) => g.name === name)?.id ?? null;
  // The demo back-office users of the fleet company join a group too.
  await db
    .update(users)
    .set({ corporateGroupId: groupId('Management') })
    .where(eq(users.companyId, fleetCompanyId));

  const station = await db
    .select({ id: stations.id, companyId: stations.companyId, name: stations.name, city: stations.city })
    .from(stations)
    .where(inArray(stations.type, ['public', 'work']))
    .limit(4);
  if (station.length === 0) return 0;
  const plugs = await db
    .select({ stationId: connectors.stationId, number: connectors.connectorNumber, evse: connectors.evseId })
    .from(connectors)
    .where(
      inArray(
        connectors.stationId,
        station.map((s) => s.id),
      ),
    );

  // Charging connectors of public and work stations, for the drivers charging now.
  const livePlugs = await db
    .select({
      id: connectors.id,
      number: connectors.connectorNumber,
      evse: connectors.evseId,
      station: { id: stations.id, companyId: stations.companyId, name: stations.name, city: stations.city },
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(inArray(stations.type, ['public', 'work']), eq(connectors.status, 'charging')))
    .orderBy(connectors.id);
  // Connectors that already run a demo session (demo-sessions.ts seeds before this).
  const busy = new Set(
    (
      await db
        .select({ id: chargingSessions.connectorId })
        .from(chargingSessions)
        .where(eq(chargingSessions.status, 'in_progress'))
    ).map((r) => r.id),
  );
  const random = sequence(42);
  let sessions = 0;
  for (const [i, d] of DEMO_DRIVERS.entries()) {
    const user = await createUser(db, {
      companyId: fleetCompanyId,
      email: d.email,
      firstName: d.name[0],
      lastName: d.name[1],
      licensePlate: d.plate,
      employeeNumber: `E-${1000 + i}`,
      costCenter: d.group === 'Sales' ? 'CC-SALES' : d.group === 'Management' ? 'CC-MGMT' : 'CC-FIELD',
      corporateGroupId: groupId(d.group),
      canChargePublic: d.public ?? false,
      canChargeWork: d.work ?? false,
      canChargeHome: d.home ?? false,
      monthlyLimit: d.monthly ?? null,
      dailyLimit: d.daily ?? null,
      status: d.deleted ? 'deleted' : 'active',
      deletedAt: d.deleted ? new Date(now - 20 * 86_400_000) : null,
    });
    const uuid = `DEMO-FLEET-${String(i + 1).padStart(3, '0')}`;
    const [card] = await db
      .insert(rfids)
      .values({
        companyId: fleetCompanyId,
        keyHangerCode: `FW-D${String(i + 1).padStart(3, '0')}`,
        uuid,
        userId: user.id,
      })
      .onConflictDoNothing()
      .returning();
    const rows = driverSessions(
      { i, d, userId: user.id, uuid, card },
      { station, plugs, livePlugs, busy },
      random,
      now,
    );
    // D1 binds at most 100 parameters per statement: a few rows per insert.
    for (let k = 0; k < rows.length; k += 3) {
      await db
        .insert(chargingSessions)
        .values(rows.slice(k, k + 3))
        .onConflictDoNothing();
    }
    sessions += rows.length;
  }
  return sessions;
}
