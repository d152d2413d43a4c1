/**
 * @module Vehicle reads and writes: the model catalog, the vehicles of the scope (every read goes
 * through the vehicle's user, whose company must be in scope) and telematics updates by webhook token.
 */

import { activeUserOptions } from '@api/lib/user-options.store';
import type { Db } from '@db/db';
import {
  chargingSessions,
  ehdvTypes,
  users,
  userVehicles,
  vehicleBrands,
  vehicleModels,
  vehicleWebhooks,
} from '@db/schema';
import { and, asc, count, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import { toVehicle, type Vehicle } from './vehicles.schemas';

export function catalogModels(db: Db, brandId?: number) {
  return db
    .select({ m: vehicleModels, brand: vehicleBrands.name })
    .from(vehicleModels)
    .innerJoin(vehicleBrands, eq(vehicleBrands.id, vehicleModels.brandId))
    .where(brandId ? eq(vehicleModels.brandId, brandId) : undefined)
    .orderBy(asc(vehicleBrands.name), asc(vehicleModels.name));
}

export function brandsWithModelCount(db: Db) {
  return db
    .select({ id: vehicleBrands.id, name: vehicleBrands.name, models: count(vehicleModels.id) })
    .from(vehicleBrands)
    .leftJoin(vehicleModels, eq(vehicleModels.brandId, vehicleBrands.id))
    .groupBy(vehicleBrands.id)
    .orderBy(asc(vehicleBrands.name));
}

export function ehdvTypeList(db: Db) {
  return db.select().from(ehdvTypes).orderBy(asc(ehdvTypes.code));
}

export function brandById(db: Db, brandId: number) {
  return db.select().from(vehicleBrands).where(eq(vehicleBrands.id, brandId)).get();
}

export function modelById(db: Db, modelId: number) {
  return db.select().from(vehicleModels).where(eq(vehicleModels.id, modelId)).get();
}

/** The driver picker: active users of the scope whose e-mail or name contains the keyword (see lib/user-options). */
export function activeDrivers(db: Db, scope: number[], keyword: string) {
  const p = `%${keyword.replace(/[%_]/g, '')}%`;
  return activeUserOptions(db, scope, or(like(users.email, p), like(users.firstName, p), like(users.lastName, p)));
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
  return { rows: found.map((row) => toVehicle(row, origin)), total };
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

/** Vehicles of one user of the scope, newest first. */
export function userVehicleList(db: Db, scope: number[], origin: string, userId: number) {
  return loadVehicles(db, scope, origin, eq(userVehicles.userId, userId));
}

/** One vehicle of a user of the scope, or null (another company's vehicle reads as none). */
export async function oneVehicle(db: Db, scope: number[], origin: string, userId: number, vehicleId: number) {
  const { rows } = await loadVehicles(
    db,
    scope,
    origin,
    and(eq(userVehicles.id, vehicleId), eq(userVehicles.userId, userId)),
  );
  return rows[0] ?? null;
}

/** The webhook a provider posts to: its token is the only key, so no company scope applies. */
export function webhookByToken(db: Db, token: string) {
  return db.select().from(vehicleWebhooks).where(eq(vehicleWebhooks.token, token)).get();
}

export function vehicleById(db: Db, vehicleId: number) {
  return db.select().from(userVehicles).where(eq(userVehicles.id, vehicleId)).get();
}

export interface TelemetryReading {
  odometer_km: number;
  soc_percent: number;
  at: Date;
}

/**
 * Notes the webhook's last delivery; an applied reading updates the vehicle and lands on its driver's
 * session in progress too (cdr_odometer, whole km).
 */
export async function recordTelemetry(
  db: Db,
  hook: { id: number; vehicleId: number },
  driverId: number,
  reading: TelemetryReading,
  applied: boolean,
) {
  await db.batch([
    db.update(vehicleWebhooks).set({ lastReceivedAt: new Date() }).where(eq(vehicleWebhooks.id, hook.id)),
    ...(applied
      ? [
          db
            .update(userVehicles)
            .set({ odometerKm: reading.odometer_km, socPercent: reading.soc_percent, telemetryAt: reading.at })
            .where(eq(userVehicles.id, hook.vehicleId)),
          db
            .update(chargingSessions)
            .set({ odometerKm: Math.round(reading.odometer_km) })
            .where(and(eq(chargingSessions.userId, driverId), eq(chargingSessions.status, 'in_progress'))),
        ]
      : []),
  ]);
}
