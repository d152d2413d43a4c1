/**
 * @module A user's vehicles and their telematics webhook: each write with its audit row. Reads go
 * through the vehicle's user, whose company must be in the caller's scope (routes/vehicles store).
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { companies, users, userVehicles, vehicleWebhooks } from '@db/schema';
import { and, eq, inArray } from 'drizzle-orm';

/** An active user of the scope, with their company's mandatory-license-plate setting. */
export function scopedUser(db: Db, scope: number[], userId: number) {
  return db
    .select({ id: users.id, companyId: users.companyId, mandatoryPlate: companies.mandatoryLicensePlate })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), inArray(users.companyId, scope), eq(users.status, 'active')))
    .get();
}

type VehicleValues = Pick<
  typeof userVehicles.$inferInsert,
  'brandId' | 'modelId' | 'vin' | 'licensePlate' | 'telematicsProvider'
>;

/** Inserts the vehicle, then its audit row (which names the new id); answers the id. */
export async function insertVehicle(
  db: Db,
  values: VehicleValues & { userId: number; companyId: number },
  audit: Omit<AuditEntry, 'entityId'>,
): Promise<number> {
  const [row] = await db.insert(userVehicles).values(values).returning({ id: userVehicles.id });
  if (!row) throw new Error('vehicle insert returned nothing');
  await auditInsert(db, { ...audit, entityId: row.id });
  return row.id;
}

export async function updateVehicle(
  db: Db,
  userId: number,
  vehicleId: number,
  values: VehicleValues,
  audit: AuditEntry,
) {
  await db
    .update(userVehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(userVehicles.id, vehicleId), eq(userVehicles.userId, userId)));
  await auditInsert(db, audit);
}

/** The vehicle, its webhook and the audit row, together. */
export async function deleteVehicle(db: Db, vehicleId: number, audit: AuditEntry) {
  await db.batch([
    db.delete(vehicleWebhooks).where(eq(vehicleWebhooks.vehicleId, vehicleId)),
    db.delete(userVehicles).where(eq(userVehicles.id, vehicleId)),
    auditInsert(db, audit),
  ]);
}

interface SealedSecret {
  secretHash: string;
  secretSealed: string;
}

/** The new webhook, or null when the vehicle has one already (the unique index decides a race). */
export async function insertWebhook(
  db: Db,
  vehicleId: number,
  token: string,
  sealed: SealedSecret,
  audit: Omit<AuditEntry, 'detail'>,
) {
  let row: typeof vehicleWebhooks.$inferSelect | undefined;
  try {
    [row] = await db
      .insert(vehicleWebhooks)
      .values({ vehicleId, token, secretHash: sealed.secretHash, secretSealed: sealed.secretSealed })
      .returning();
  } catch (err) {
    if (String(err).includes('UNIQUE')) return null;
    throw err;
  }
  if (!row) throw new Error('webhook insert returned nothing');
  await auditInsert(db, { ...audit, detail: { webhookId: row.id } });
  return row;
}

export function webhookById(db: Db, webhookId: number) {
  return db.select().from(vehicleWebhooks).where(eq(vehicleWebhooks.id, webhookId)).get();
}

/** Replaces the signing secret (the old one stops working at once); null when the webhook is gone. */
export async function rotateWebhookSecret(db: Db, webhookId: number, sealed: SealedSecret, audit: AuditEntry) {
  const [row] = await db
    .update(vehicleWebhooks)
    .set({ secretHash: sealed.secretHash, secretSealed: sealed.secretSealed, rotatedAt: new Date() })
    .where(eq(vehicleWebhooks.id, webhookId))
    .returning();
  if (!row) return null;
  await auditInsert(db, audit);
  return row;
}

export async function deleteWebhook(db: Db, webhookId: number, audit: AuditEntry) {
  await db.batch([db.delete(vehicleWebhooks).where(eq(vehicleWebhooks.id, webhookId)), auditInsert(db, audit)]);
}
