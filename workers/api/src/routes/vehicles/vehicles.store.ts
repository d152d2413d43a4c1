/** @module Vehicle queries: every read goes through the vehicle's user, whose company must be in scope. */

import type { Db } from '@db/db';
import { companies, users, userVehicles, vehicleBrands, vehicleModels, vehicleWebhooks } from '@db/schema';
import { and, asc, count, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { Model, Vehicle } from './vehicles.schemas';

type ModelRow = typeof vehicleModels.$inferSelect;

export function toModel(m: ModelRow, brandName: string): Model {
  return {
    id: m.id,
    brand_id: m.brandId,
    brand: brandName,
    name: m.name,
    battery_kwh: m.batteryKwh,
    ac_max_kw: m.acMaxKw,
    dc_max_kw: m.dcMaxKw,
    plugs: m.plugs.split(',').filter(Boolean),
    range_km: m.rangeKm,
    ehdv_type_id: m.ehdvTypeId,
  };
}

/** An active user of the scope, with their company's mandatory-license-plate setting. */
export function scopedUser(db: Db, scope: number[], userId: number) {
  return db
    .select({ id: users.id, companyId: users.companyId, mandatoryPlate: companies.mandatoryLicensePlate })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), inArray(users.companyId, scope), eq(users.status, 'active')))
    .get();
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function webhookUrl(origin: string, token: string): string {
  return `${origin}/api/vehicles/telematics/${token}`;
}

export function toWebhook(w: typeof vehicleWebhooks.$inferSelect, origin: string) {
  return {
    id: w.id,
    url: webhookUrl(origin, w.token),
    secret_fingerprint: w.secretHash.slice(0, 12),
    created_at: w.createdAt.toISOString(),
    rotated_at: w.rotatedAt?.toISOString() ?? null,
    last_received_at: w.lastReceivedAt?.toISOString() ?? null,
  };
}

/** Vehicles of active users of the scope matching `where`, newest first, with brand, model and webhook. */
export async function loadVehicles(
  db: Db,
  scope: number[],
  origin: string,
  where: SQL | undefined,
  page?: { offset: number; limit: number },
): Promise<{ rows: Vehicle[]; total: number }> {
  const cond = and(inArray(users.companyId, scope), eq(users.status, 'active'), where);
  const base = db
    .select({ v: userVehicles, u: users, b: vehicleBrands, m: vehicleModels, w: vehicleWebhooks })
    .from(userVehicles)
    .innerJoin(users, eq(users.id, userVehicles.userId))
    .leftJoin(vehicleBrands, eq(vehicleBrands.id, userVehicles.brandId))
    .leftJoin(vehicleModels, eq(vehicleModels.id, userVehicles.modelId))
    .leftJoin(vehicleWebhooks, eq(vehicleWebhooks.vehicleId, userVehicles.id))
    .where(cond)
    .orderBy(desc(userVehicles.createdAt), desc(userVehicles.id));
  const found = page ? await base.limit(page.limit).offset(page.offset) : await base;
  const total = page
    ? ((
        await db
          .select({ n: count() })
          .from(userVehicles)
          .innerJoin(users, eq(users.id, userVehicles.userId))
          .leftJoin(vehicleBrands, eq(vehicleBrands.id, userVehicles.brandId))
          .leftJoin(vehicleModels, eq(vehicleModels.id, userVehicles.modelId))
          .where(cond)
          .get()
      )?.n ?? 0)
    : found.length;
  const rows = found.map(({ v, u, b, m, w }) => ({
    id: v.id,
    user_id: u.id,
    user: { id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName },
    brand: b ? { id: b.id, name: b.name } : null,
    model: m && b ? toModel(m, b.name) : null,
    vin: v.vin,
    license_plate: v.licensePlate,
    telematics_provider: v.telematicsProvider,
    odometer_km: v.odometerKm,
    soc_percent: v.socPercent,
    telemetry_at: v.telemetryAt?.toISOString() ?? null,
    webhook: w ? toWebhook(w, origin) : null,
    created_at: v.createdAt.toISOString(),
  }));
  return { rows, total };
}

/** The keyword matches VIN, plate, the user's e-mail or name, brand or model. */
export function keywordFilter(keyword: string | undefined): SQL | undefined {
  const k = keyword?.trim();
  if (!k) return undefined;
  const p = `%${k.replace(/[%_]/g, '')}%`;
  return or(
    like(userVehicles.vin, p),
    like(userVehicles.licensePlate, p),
    like(users.email, p),
    like(users.firstName, p),
    like(users.lastName, p),
    like(vehicleBrands.name, p),
    like(vehicleModels.name, p),
  );
}

export async function oneVehicle(db: Db, scope: number[], origin: string, userId: number, vehicleId: number) {
  const { rows } = await loadVehicles(
    db,
    scope,
    origin,
    and(eq(userVehicles.id, vehicleId), eq(userVehicles.userId, userId)),
  );
  return rows[0] ?? null;
}

export function catalogModels(db: Db, brandId?: number) {
  return db
    .select({ m: vehicleModels, brand: vehicleBrands.name })
    .from(vehicleModels)
    .innerJoin(vehicleBrands, eq(vehicleBrands.id, vehicleModels.brandId))
    .where(brandId ? eq(vehicleModels.brandId, brandId) : undefined)
    .orderBy(asc(vehicleBrands.name), asc(vehicleModels.name));
}
