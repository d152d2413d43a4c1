/**
 * @module Demo of limits in currency (ADR 028): Citadis Services, a fleet customer of Voltaria whose
 * limits are in EUR, with a manager and two drivers — one who has spent most of a monthly budget
 * (accepted, and stopped once the rest is spent), one whose daily budget is spent (Blocked). Their
 * cards have stable UUIDs for the simulator and the live tests.
 */
import { eq } from 'drizzle-orm';
import { periodStarts } from '../../domain/charging-authorization/periods';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import type { Db } from '../db';
import {
  chargingSessions,
  companies,
  corporateGroups,
  fleetCompanySettings,
  rfids,
  stations,
  userCurrencyLimits,
} from '../schema';
import { demoCurve } from './demo-sessions';
import { createCompany, createUser } from './factories';

export const CURRENCY_FLEET = 'Citadis Services';
/** Monthly limit 40.00 EUR, 31.20 EUR spent this month: Accepted. */
export const DEMO_EUR_CARD = 'DEMO-RFID-0008';
/** Daily limit 5.00 EUR, 5.40 EUR spent today: Blocked. */
export const DEMO_EUR_SPENT_CARD = 'DEMO-RFID-0009';

/** Idempotent: skipped once the company exists. */
export async function seedDemoLimits(
  db: Db,
  operatorId: number,
  opts: { password: string; iterations?: number },
): Promise<void> {
  const known = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, CURRENCY_FLEET)).get();
  if (known) return;
  const company = await createCompany(db, {
    name: CURRENCY_FLEET,
    parentCompanyId: operatorId,
    city: 'Grenoble',
    country: 'FR',
    isEvfleet: true,
    services: [SERVICE.MANAGE_USERS, SERVICE.USER_LIMITS],
  });
  await db.insert(fleetCompanySettings).values({ companyId: company.id, limitUnit: 'currency' });
  const [group] = await db.insert(corporateGroups).values({ companyId: company.id, name: 'Technicians' }).returning();
  await createUser(
    db,
    {
      companyId: company.id,
      email: 'fleet-manager@citadis.test',
      password: opts.password,
      firstName: 'Inès',
      lastName: 'Girard',
      roles: [ROLE.FLEET_MANAGER_MANAGE_USERS],
    },
    opts,
  );
  const station = await db.select().from(stations).where(eq(stations.uid, 'VLT-PAR-001')).get();
  const at = station ?? (await db.select().from(stations).where(eq(stations.companyId, operatorId)).get());
  const now = Date.now();
  const p = periodStarts(new Date(now));
  const drivers = [
    {
      email: 'lea.martin@citadis.test',
      name: ['Léa', 'Martin'],
      card: DEMO_EUR_CARD,
      limits: { monthlyMinor: 4000 },
      // Three priced sessions this month: 31.20 EUR at the driver price.
      sessions: [1040, 1200, 880],
      from: p.month.getTime(),
    },
    {
      email: 'hugo.petit@citadis.test',
      name: ['Hugo', 'Petit'],
      card: DEMO_EUR_SPENT_CARD,
      limits: { dailyMinor: 500, monthlyMinor: 10000 },
      // One priced session today: 5.40 EUR, more than the daily 5.00.
      sessions: [540],
      from: p.day.getTime(),
    },
  ];
  for (const d of drivers) {
    const user = await createUser(
      db,
      {
        companyId: company.id,
        email: d.email,
        firstName: d.name[0] as string,
        lastName: d.name[1] as string,
        corporateGroupId: group?.id ?? null,
        canChargePublic: true,
        canChargeWork: true,
      },
      opts,
    );
    await db.insert(userCurrencyLimits).values({ userId: user.id, ...d.limits });
    const [card] = await db
      .insert(rfids)
      .values({
        companyId: company.id,
        keyHangerCode: d.card.replace('DEMO-RFID', 'CT'),
        uuid: d.card,
        userId: user.id,
      })
      .onConflictDoNothing({ target: rfids.uuid })
      .returning();
    if (!at) continue;
    for (const [i, minor] of d.sessions.entries()) {
      // Spread over the period so far, each one hour long and over before now.
      const span = Math.max(0, now - d.from - 2 * 3_600_000);
      const start = d.from + Math.floor((span * (i + 1)) / (d.sessions.length + 1));
      const wh = Math.round((minor / 48) * 1000); // about 0.48 EUR/kWh
      const key = `DEMO-EUR-${d.card}-${i}`;
      await db.insert(chargingSessions).values({
        cdrId: key,
        startKey: key,
        status: 'closed',
        stationId: at.id,
        connectorNumber: 1,
        companyId: at.companyId,
        userId: user.id,
        rfidId: card?.id ?? null,
        authId: d.card,
        userEmail: d.email,
        startAt: new Date(start),
        endAt: new Date(start + 3_600_000),
        meterStartWh: 0,
        meterStopWh: wh,
        energyWh: wh,
        durationS: 3600,
        chargingMinutes: 60,
        // The recorded curve every demo session has: AC at 11 kW.
        meterCurveJson: JSON.stringify(
          demoCurve({ startMs: start, chargingMinutes: 60, maxPowerW: 11_000, energyWh: wh, dc: false }),
        ),
        pricingStatus: 'priced',
        empTotal: minor,
        empNetTotal: Math.round(minor / 1.2),
      });
    }
  }
}
