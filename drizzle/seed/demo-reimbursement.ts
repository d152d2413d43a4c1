/**
 * @module Demo home-charging reimbursement (issue 19): Fleetwise Logistics reimburses its employees'
 * home charging per employee tariff (type `employee`), allows extra expenses up to 30.00, caps the price
 * at 0.30 per kWh, charges a 2.5 % fee, and pays through Stripe Connect (service setting 45). Two
 * employees who can log in (no back-office role: the employee pages only) each have a home station of
 * our network with sessions over the last two months; Thomas Garnier's tariff changed in the middle of
 * last month, Inès Moreau has a pending tariff for next month. The month's reimbursements themselves are
 * written by the monthly job (scripts/seed.ts runs it for last month), never by hand here. Idempotent:
 * skipped once the company has settings.
 */
import { eq } from 'drizzle-orm';
import { SERVICE } from '../../domain/permissions/service-settings';
import type { Db } from '../db';
import {
  chargingSessions,
  companies,
  companyServiceSettings,
  homeReimbursementSettings,
  homeStations,
  reimbursementTariffs,
  TWO_FACTOR_METHOD,
} from '../schema';
import { createConnector, createStation, createUser } from './factories';

const DAY = 86_400_000;

export const DEMO_EMPLOYEES = [
  { email: 'employee@fleetwise.test', name: ['Thomas', 'Garnier'], uid: 'VLT-HOME-001', kwh: 14 },
  { email: 'employee2@fleetwise.test', name: ['Inès', 'Moreau'], uid: 'VLT-HOME-002', kwh: 9 },
] as const;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of the month `back` months before the one `now` is in (UTC), as ms. */
function monthStart(now: number, back: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
}

export async function seedDemoReimbursement(
  db: Db,
  ids: { operator: number; fleet: number },
  opts: { password: string; iterations?: number; ocppPasswordHash: string; now?: number },
): Promise<void> {
  const existing = await db
    .select({ id: homeReimbursementSettings.companyId })
    .from(homeReimbursementSettings)
    .where(eq(homeReimbursementSettings.companyId, ids.fleet))
    .get();
  if (existing) return;
  const now = opts.now ?? Date.now();
  await db
    .insert(companyServiceSettings)
    .values([
      { companyId: ids.fleet, settingId: SERVICE.PAYMENT_PROVIDER_HOME_REIMBURSEMENT },
      { companyId: ids.fleet, settingId: SERVICE.HOME_REIMBURSEMENT_VARIANT_B },
    ])
    .onConflictDoNothing();
  await db.update(companies).set({ reimbursementKwhCostLimit: 30_000 }).where(eq(companies.id, ids.fleet));
  await db.insert(homeReimbursementSettings).values({
    companyId: ids.fleet,
    active: true,
    type: 'employee',
    extraExpenseEnabled: true,
    extraExpenseLimit: 3_000,
    feeBasisPoints: 250,
    contactEmails: 'hr@fleetwise.test',
    alertEmails: 'it-alerts@fleetwise.test',
    recipients: 'finance@fleetwise.test',
    paymentProviderFlow: true,
    offlineStationProcess: true,
  });

  const lastMonth = monthStart(now, 1);
  const midLastMonth = lastMonth + 15 * DAY;
  for (const [i, e] of DEMO_EMPLOYEES.entries()) {
    const user = await createUser(
      db,
      {
        companyId: ids.fleet,
        email: e.email,
        password: opts.password,
        firstName: e.name[0],
        lastName: e.name[1],
        token2faMethodId: TWO_FACTOR_METHOD.EMAIL,
        canChargeHome: true,
        homeReimbursementEvfleet: true,
        ibanOwner: `${e.name[0]} ${e.name[1]}`,
      },
      { iterations: opts.iterations },
    );
    const station = await createStation(db, {
      uid: e.uid,
      name: `${e.name[1]} home`,
      companyId: ids.operator,
      ownerCompanyId: ids.fleet,
      type: 'home',
      atHome: true,
      city: 'Lyon',
      country: 'FR',
      powerType: 'AC_1_PHASE',
      voltage: 230,
      amperage: 32,
      brand: 'Wallbox',
      model: 'Pulsar Plus',
      ocppPasswordHash: opts.ocppPasswordHash,
    });
    await createConnector(db, {
      stationId: station.id,
      connectorNumber: 1,
      uid: `${e.uid}-1`,
      evseId: `FR*VLT*E${e.uid.replace(/\W/g, '')}1`,
      status: 'available',
    });
    await db
      .insert(homeStations)
      .values({ companyId: ids.fleet, userId: user.id, stationId: station.id, name: `${e.name[1]} home` });
    if (i === 0) {
      // Thomas: one tariff until the middle of last month, a dearer one since (the month is priced in two slices).
      await db.insert(reimbursementTariffs).values([
        {
          companyId: ids.fleet,
          userId: user.id,
          pricePerKwh: 25_160,
          currency: 'EUR',
          validFrom: isoDate(monthStart(now, 10)),
          validTo: isoDate(midLastMonth - DAY),
          status: 'active',
        },
        {
          companyId: ids.fleet,
          userId: user.id,
          pricePerKwh: 27_400,
          currency: 'EUR',
          validFrom: isoDate(midLastMonth),
          status: 'active',
        },
      ]);
    } else {
      // Inès: an active tariff, and next month's waiting for a manager.
      await db.insert(reimbursementTariffs).values([
        {
          companyId: ids.fleet,
          userId: user.id,
          pricePerKwh: 23_000,
          currency: 'EUR',
          validFrom: isoDate(monthStart(now, 10)),
          validTo: isoDate(monthStart(now, -1) - DAY),
          status: 'active',
        },
        {
          companyId: ids.fleet,
          userId: user.id,
          pricePerKwh: 24_500,
          currency: 'EUR',
          validFrom: isoDate(monthStart(now, -1)),
          status: 'pending',
        },
      ]);
    }
    // Every third evening of last month and of this month so far, 19:00 UTC.
    const rows: (typeof chargingSessions.$inferInsert)[] = [];
    for (let start = lastMonth + (i + 1) * DAY + 19 * 3_600_000; start < now - DAY; start += 3 * DAY) {
      const n = rows.length;
      const wh = Math.round(e.kwh * 1000 * (0.7 + ((n * 37) % 60) / 100));
      const minutes = Math.round((wh / 1000 / 7.4) * 60);
      rows.push({
        cdrId: `DEMO-HOME-${i}-${n}`,
        status: 'closed',
        stationId: station.id,
        connectorNumber: 1,
        companyId: ids.operator,
        userId: user.id,
        authId: `DEMO-HOME-TAG-${i}`,
        startKey: `demo-home-${i}-${n}`,
        startAt: new Date(start),
        endAt: new Date(start + minutes * 60_000),
        meterStartWh: 0,
        meterStopWh: wh,
        energyWh: wh,
        durationS: minutes * 60,
        chargingMinutes: minutes,
        userEmail: e.email,
        stationName: station.name,
        stationCity: 'Lyon',
      });
    }
    // One row per statement: D1 binds at most 100 parameters.
    for (const row of rows) await db.insert(chargingSessions).values(row);
  }
}
