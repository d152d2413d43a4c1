/**
 * @module The vehicle catalog (brands, models with battery and charging data, e-HDV types) and a few
 * vehicles of the Fleetwise demo drivers, one with telematics readings. Idempotent: catalog rows are
 * inserted when missing (by name), demo vehicles when the driver has none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { ehdvTypes, users, userVehicles, vehicleBrands, vehicleModels } from '../schema';

export const EHDV_TYPES = [
  { code: 'N1', label: 'Light commercial van (N1, up to 3.5 t)' },
  { code: 'N2', label: 'Medium truck (N2, 3.5 t to 12 t)' },
  { code: 'N3', label: 'Heavy truck (N3, over 12 t)' },
  { code: 'M3', label: 'Bus or coach (M3)' },
] as const;

type Model = [
  name: string,
  batteryKwh: number,
  acMaxKw: number,
  dcMaxKw: number | null,
  rangeKm: number,
  ehdv?: string,
];

/** Usable battery, AC / DC maximum power and WLTP range as published by the manufacturers. */
export const CATALOG: Record<string, Model[]> = {
  Renault: [
    ['Zoe R135', 52, 22, 50, 395],
    ['Megane E-Tech EV60', 60, 22, 130, 470],
    ['Kangoo E-Tech', 45, 22, 80, 300, 'N1'],
    ['Master E-Tech', 87, 22, 130, 460, 'N1'],
  ],
  Peugeot: [
    ['e-208', 48.1, 11, 100, 400],
    ['e-2008', 48.1, 11, 100, 406],
    ['e-Expert', 68, 11, 100, 350, 'N1'],
  ],
  Tesla: [
    ['Model 3 RWD', 57.5, 11, 170, 513],
    ['Model Y Long Range', 75, 11, 250, 533],
  ],
  Volkswagen: [
    ['ID.3 Pro', 58, 11, 120, 426],
    ['ID.4 Pro', 77, 11, 135, 520],
    ['ID. Buzz Cargo', 77, 11, 170, 423, 'N1'],
  ],
  Kia: [
    ['EV6 Long Range', 77.4, 11, 233, 528],
    ['Niro EV', 64.8, 11, 80, 460],
  ],
  Hyundai: [['Ioniq 5 77 kWh', 74, 11, 233, 507]],
  Fiat: [['500e 42 kWh', 37.3, 11, 85, 320]],
  Mercedes: [
    ['eVito Van', 90, 11, 80, 314, 'N1'],
    ['eActros 600', 621, 22, 400, 500, 'N3'],
  ],
  Volvo: [
    ['EX30', 64, 11, 153, 476],
    ['FL Electric', 565, 22, 250, 450, 'N2'],
  ],
};

/** Demo vehicles of the Fleetwise drivers; plates follow the French pattern. */
const DEMO_VEHICLES = [
  {
    email: 'camille.durand@fleetwise.test',
    brand: 'Renault',
    model: 'Megane E-Tech EV60',
    vin: 'VF1RCB00067123456',
    plate: 'FW-101-LY',
    telemetry: { odometerKm: 18_240, socPercent: 64 },
  },
  {
    email: 'lucas.bernard@fleetwise.test',
    brand: 'Peugeot',
    model: 'e-208',
    vin: 'VR3UHZKXZMT012345',
    plate: 'FW-102-LY',
  },
  {
    email: 'manon.petit@fleetwise.test',
    brand: 'Tesla',
    model: 'Model 3 RWD',
    vin: 'LRW3E7EK4PC123456',
    plate: 'FW-103-LY',
    telemetry: { odometerKm: 42_610.5, socPercent: 81 },
  },
  {
    email: 'hugo.robert@fleetwise.test',
    brand: 'Renault',
    model: 'Kangoo E-Tech',
    vin: 'VF1FW000X71234567',
    plate: 'FW-104-LY',
  },
  {
    email: 'lea.richard@fleetwise.test',
    brand: 'Volkswagen',
    model: 'ID.4 Pro',
    vin: 'WVGZZZE2ZNP012345',
    plate: 'FW-105-LY',
  },
  {
    email: 'vehicles@fleetwise.test',
    brand: 'Kia',
    model: 'EV6 Long Range',
    vin: 'KNAC381AFN5012345',
    plate: 'FW-106-LY',
  },
  {
    email: 'fleet-manager@fleetwise.test',
    brand: 'Volvo',
    model: 'EX30',
    vin: 'YV1ZWA8UDR1012345',
    plate: 'FW-107-LY',
  },
] as const;

export async function seedVehicleCatalog(db: Db): Promise<void> {
  const types = new Map<string, number>();
  for (const t of EHDV_TYPES) {
    await db.insert(ehdvTypes).values(t).onConflictDoNothing();
    const row = await db.select({ id: ehdvTypes.id }).from(ehdvTypes).where(eq(ehdvTypes.code, t.code)).get();
    if (row) types.set(t.code, row.id);
  }
  for (const [brand, models] of Object.entries(CATALOG)) {
    await db.insert(vehicleBrands).values({ name: brand }).onConflictDoNothing();
    const b = await db.select({ id: vehicleBrands.id }).from(vehicleBrands).where(eq(vehicleBrands.name, brand)).get();
    if (!b) continue;
    const rows = models.map(([name, batteryKwh, acMaxKw, dcMaxKw, rangeKm, ehdv]) => ({
      brandId: b.id,
      name,
      batteryKwh,
      acMaxKw,
      dcMaxKw,
      rangeKm,
      plugs: dcMaxKw ? 'type2,ccs' : 'type2',
      ehdvTypeId: ehdv ? (types.get(ehdv) ?? null) : null,
    }));
    await db.insert(vehicleModels).values(rows).onConflictDoNothing();
  }
}

export async function seedDemoVehicles(db: Db, fleetCompanyId: number): Promise<void> {
  await seedVehicleCatalog(db);
  const drivers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, fleetCompanyId),
        inArray(
          users.email,
          DEMO_VEHICLES.map((v) => v.email),
        ),
      ),
    );
  const byEmail = new Map(drivers.map((d) => [d.email, d.id]));
  for (const v of DEMO_VEHICLES) {
    const userId = byEmail.get(v.email);
    if (!userId) continue;
    const has = await db
      .select({ id: userVehicles.id })
      .from(userVehicles)
      .where(eq(userVehicles.userId, userId))
      .get();
    if (has) continue;
    const model = await db
      .select({ id: vehicleModels.id, brandId: vehicleModels.brandId })
      .from(vehicleModels)
      .innerJoin(vehicleBrands, eq(vehicleBrands.id, vehicleModels.brandId))
      .where(and(eq(vehicleBrands.name, v.brand), eq(vehicleModels.name, v.model)))
      .get();
    const telemetry = 'telemetry' in v ? v.telemetry : null;
    await db.insert(userVehicles).values({
      userId,
      companyId: fleetCompanyId,
      brandId: model?.brandId ?? null,
      modelId: model?.id ?? null,
      vin: v.vin,
      licensePlate: v.plate,
      telematicsProvider: telemetry ? 'webhook' : null,
      odometerKm: telemetry?.odometerKm ?? null,
      socPercent: telemetry?.socPercent ?? null,
      telemetryAt: telemetry ? new Date(Date.now() - 3_600_000) : null,
    });
  }
}
