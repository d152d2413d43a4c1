/**
 * @module Demo fleet: corporate groups of Fleetwise Logistics, a dozen drivers with plates, cards,
 * permissions and limits, and a few months of their charging sessions (one in progress), so the
 * fleet overview, user list, detail and KPI pages show real figures. Idempotent: skipped when the
 * groups exist.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { chargingSessions, connectors, corporateGroups, rfids, stations, users } from '../schema';
import { demoCurve } from './demo-sessions';
import { createUser } from './factories';

const GROUPS = ['Sales', 'Field technicians', 'Management'] as const;

interface Driver {
  email: string;
  name: [string, string];
  plate: string;
  group: (typeof GROUPS)[number];
  public?: boolean;
  work?: boolean;
  home?: boolean;
  monthly?: number;
  daily?: number;
  /** kWh per session and sessions per month in the history. */
  kwh: number;
  perMonth: number;
  charging?: boolean;
  deleted?: boolean;
}

export const DEMO_DRIVERS: readonly Driver[] = [
  {
    email: 'camille.durand@fleetwise.test',
    name: ['Camille', 'Durand'],
    plate: 'FW-101-LY',
    group: 'Sales',
    public: true,
    work: true,
    monthly: 250,
    kwh: 32,
    perMonth: 9,
    charging: true,
  },
  {
    email: 'lucas.bernard@fleetwise.test',
    name: ['Lucas', 'Bernard'],
    plate: 'FW-102-LY',
    group: 'Sales',
    public: true,
    work: true,
    monthly: 200,
    kwh: 41,
    perMonth: 6,
  },
  {
    email: 'manon.petit@fleetwise.test',
    name: ['Manon', 'Petit'],
    plate: 'FW-103-LY',
    group: 'Sales',
    work: true,
    kwh: 22,
    perMonth: 8,
  },
  {
    email: 'hugo.robert@fleetwise.test',
    name: ['Hugo', 'Robert'],
    plate: 'FW-104-LY',
    group: 'Field technicians',
    public: true,
    work: true,
    home: true,
    monthly: 400,
    daily: 60,
    kwh: 48,
    perMonth: 10,
  },
  {
    email: 'lea.richard@fleetwise.test',
    name: ['Léa', 'Richard'],
    plate: 'FW-105-LY',
    group: 'Field technicians',
    work: true,
    home: true,
    monthly: 150,
    kwh: 30,
    perMonth: 5,
    charging: true,
  },
  {
    email: 'nathan.moreau@fleetwise.test',
    name: ['Nathan', 'Moreau'],
    plate: 'FW-106-LY',
    group: 'Field technicians',
    public: true,
    kwh: 36,
    perMonth: 7,
  },
  {
    email: 'chloe.simon@fleetwise.test',
    name: ['Chloé', 'Simon'],
    plate: 'FW-107-LY',
    group: 'Field technicians',
    work: true,
    monthly: 300,
    kwh: 27,
    perMonth: 4,
  },
  {
    email: 'theo.laurent@fleetwise.test',
    name: ['Théo', 'Laurent'],
    plate: 'FW-108-LY',
    group: 'Management',
    public: true,
    work: true,
    home: true,
    kwh: 55,
    perMonth: 5,
  },
  {
    email: 'sarah.michel@fleetwise.test',
    name: ['Sarah', 'Michel'],
    plate: 'FW-109-LY',
    group: 'Management',
    work: true,
    home: true,
    monthly: 120,
    kwh: 25,
    perMonth: 3,
  },
  {
    email: 'louis.garcia@fleetwise.test',
    name: ['Louis', 'Garcia'],
    plate: 'FW-110-LY',
    group: 'Sales',
    work: true,
    kwh: 18,
    perMonth: 2,
    deleted: true,
  },
];

/** A deterministic pseudo-random sequence, so every seed shows the same history. */
function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

export async function seedDemoFleet(db: Db, fleetCompanyId: number, now = Date.now()): Promise<number> {
  const existing = await db.select().from(corporateGroups).where(eq(corporateGroups.companyId, fleetCompanyId));
  if (existing.length > 0) return 0;
  const groups = await db
    .insert(corporateGroups)
    .values(GROUPS.map((name) => ({ companyId: fleetCompanyId, name })))
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
    const rows: (typeof chargingSessions.$inferInsert)[] = [];
    // Six months of history, plus the current month so far.
    for (let m = 6; m >= 0; m--) {
      const count = m === 0 ? Math.max(1, Math.round(d.perMonth / 3)) : d.perMonth;
      for (let n = 0; n < count; n++) {
        const s = station[(i + n) % station.length];
        if (!s) continue;
        const plug = plugs.find((p) => p.stationId === s.id);
        const start =
          now - m * 30 * 86_400_000 - Math.floor(random() * (m === 0 ? 6 : 28)) * 86_400_000 - 3_600_000 * (2 + n);
        const wh = Math.round(d.kwh * (0.6 + random() * 0.8) * 1000);
        const minutes = Math.round((wh / 1000 / 11) * 60);
        rows.push({
          cdrId: `DEMO-FLEET-${i}-${m}-${n}`,
          status: 'closed',
          stationId: s.id,
          connectorNumber: plug?.number ?? 1,
          companyId: s.companyId,
          userId: user.id,
          rfidId: card?.id ?? null,
          authId: uuid,
          startKey: `demo-fleet-${i}-${m}-${n}`,
          startAt: new Date(start),
          endAt: new Date(start + minutes * 60_000),
          meterStartWh: 0,
          meterStopWh: wh,
          energyWh: wh,
          durationS: minutes * 60,
          chargingMinutes: minutes,
          // The same recorded curve shape as the other demo sessions: AC at 11 kW.
          meterCurveJson: JSON.stringify(
            demoCurve({ startMs: start, chargingMinutes: minutes, maxPowerW: 11_000, energyWh: wh, dc: false }),
          ),
          connectorEvseId: plug?.evse ?? null,
          childEmail: d.email,
          childPlate: d.plate,
          userEmail: d.email,
          corporateGroupName: d.group,
          userKeyHangerCode: card?.keyHangerCode ?? null,
          stationName: s.name,
          stationCity: s.city,
        });
      }
    }
    if (d.charging && !d.deleted) {
      // A live session only on a charging connector that runs no other one (issue 24, section 6).
      const plug = livePlugs.find((p) => !busy.has(p.id));
      const s = plug?.station;
      if (s && plug) {
        busy.add(plug.id);
        rows.push({
          cdrId: `DEMO-FLEET-${i}-live`,
          status: 'in_progress',
          stationId: s.id,
          connectorId: plug.id,
          connectorNumber: plug.number,
          connectorEvseId: plug.evse,
          companyId: s.companyId,
          userId: user.id,
          rfidId: card?.id ?? null,
          authId: uuid,
          startKey: `demo-fleet-${i}-live`,
          startAt: new Date(now - 40 * 60_000),
          meterStartWh: 0,
          energyWh: 7400,
          userEmail: d.email,
          childEmail: d.email,
          childPlate: d.plate,
          corporateGroupName: d.group,
          stationName: s.name,
          stationCity: s.city,
        });
      }
    }
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
