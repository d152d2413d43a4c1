/** @module Vehicles API handlers: catalog, company list, per-user CRUD, telematics webhooks. */

import {
  chargingSessions,
  ehdvTypes as ehdvTable,
  users,
  userVehicles,
  vehicleBrands,
  vehicleModels,
  vehicleWebhooks,
} from '@db/schema';
import { decryptSecret, encryptSecret } from '@domain/identity/secret-box';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, count, eq, inArray, like, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { callerScope } from '../../lib/scope';
import { clientIp, sessionSecret } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import {
  brand,
  brands,
  catalog,
  company,
  create,
  drivers,
  ehdvTypes,
  read,
  remove,
  telemetry,
  update,
  userList,
  webhookCreate,
  webhookDelete,
  webhookRead,
  webhookRotate,
} from './vehicles.routes';
import { TelemetryBody } from './vehicles.schemas';
import {
  catalogModels,
  keywordFilter,
  loadVehicles,
  oneVehicle,
  scopedUser,
  sha256Hex,
  toModel,
  toWebhook,
} from './vehicles.store';

type Ctx = Context<AppEnv>;

const origin = (c: Ctx) => new URL(c.req.url).origin;
const sealContext = (token: string) => `vehicle-webhook:${token}`;

function audit(c: Ctx, action: string, vehicleId: number, detail: Record<string, unknown>) {
  const { user, company: selected } = authOf(c);
  return auditInsert(c.get('db'), {
    action,
    actorUserId: user.id,
    companyId: selected.id,
    entity: 'vehicle',
    entityId: vehicleId,
    detail,
    ip: clientIp(c),
  });
}

type Fields = {
  brand_id?: number | null;
  model_id?: number | null;
  vin: string | null;
  license_plate: string | null;
  telematics_provider: string | null;
};

/** Brand/model consistency and the company's mandatory plate; returns an error answer or the row values. */
async function checkedValues(c: Ctx, body: Fields, mandatoryPlate: boolean) {
  const db = c.get('db');
  if (mandatoryPlate && !body.license_plate)
    return { error: apiError(c, 400, 'VALIDATION_FAILED', 'licensePlateRequired', { field: 'license_plate' }) };
  let brandId = body.brand_id ?? null;
  const modelId = body.model_id ?? null;
  if (modelId !== null) {
    const model = await db.select().from(vehicleModels).where(eq(vehicleModels.id, modelId)).get();
    if (!model || (brandId !== null && model.brandId !== brandId))
      return { error: apiError(c, 400, 'VALIDATION_FAILED', 'vehicleModelInvalid', { field: 'model_id' }) };
    brandId = model.brandId;
  } else if (brandId !== null) {
    const b = await db.select().from(vehicleBrands).where(eq(vehicleBrands.id, brandId)).get();
    if (!b) return { error: apiError(c, 400, 'VALIDATION_FAILED', 'vehicleModelInvalid', { field: 'brand_id' }) };
  }
  return {
    values: {
      brandId,
      modelId,
      vin: body.vin,
      licensePlate: body.license_plate,
      telematicsProvider: body.telematics_provider,
    },
  };
}

function newToken(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function sealedSecret(c: Ctx, token: string) {
  const secret = `whsec_${newToken(32)}`;
  return {
    secret,
    secretHash: await sha256Hex(secret),
    secretSealed: await encryptSecret(secret, sessionSecret(c.env), sealContext(token)),
  };
}

async function verifySignature(secret: string, body: string, header: string | undefined): Promise<boolean> {
  const hex = header?.trim().replace(/^sha256=/i, '') ?? '';
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const signature = new Uint8Array(hex.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  // subtle.verify compares in constant time.
  return crypto.subtle.verify('HMAC', key, signature, new TextEncoder().encode(body));
}

const notFound = (c: Ctx) => apiError(c, 404, 'VEHICLE_NOT_FOUND', 'vehicleNotFound');
const userNotFound = (c: Ctx) => apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');

export const vehicleRoutes = new OpenAPIHono<AppEnv>()
  .openapi(catalog, async (c) => {
    const rows = await catalogModels(c.get('db'));
    return c.json({ data: rows.map((r) => toModel(r.m, r.brand)) }, 200);
  })
  .openapi(brands, async (c) => {
    const rows = await c
      .get('db')
      .select({ id: vehicleBrands.id, name: vehicleBrands.name, models: count(vehicleModels.id) })
      .from(vehicleBrands)
      .leftJoin(vehicleModels, eq(vehicleModels.brandId, vehicleBrands.id))
      .groupBy(vehicleBrands.id)
      .orderBy(asc(vehicleBrands.name));
    return c.json({ data: rows }, 200);
  })
  .openapi(ehdvTypes, async (c) => {
    const rows = await c.get('db').select().from(ehdvTable).orderBy(asc(ehdvTable.code));
    return c.json({ data: rows }, 200);
  })
  .openapi(company, async (c) => {
    const { keyword, page, itemsPerPage } = c.req.valid('query');
    const { rows, total } = await loadVehicles(c.get('db'), await callerScope(c), origin(c), keywordFilter(keyword), {
      offset: page * itemsPerPage,
      limit: itemsPerPage,
    });
    return c.json({ data: rows, total, page, itemsPerPage }, 200);
  })
  .openapi(drivers, async (c) => {
    const { keyword } = c.req.valid('query');
    const p = `%${keyword.replace(/[%_]/g, '')}%`;
    const rows = await c
      .get('db')
      .select({ id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName })
      .from(users)
      .where(
        and(
          inArray(users.companyId, await callerScope(c)),
          eq(users.status, 'active'),
          or(like(users.email, p), like(users.firstName, p), like(users.lastName, p)),
        ),
      )
      .orderBy(asc(users.email))
      .limit(20);
    return c.json({ data: rows }, 200);
  })
  .openapi(brand, async (c) => {
    const { brandId } = c.req.valid('param');
    const db = c.get('db');
    const b = await db.select().from(vehicleBrands).where(eq(vehicleBrands.id, brandId)).get();
    if (!b) return apiError(c, 404, 'BRAND_NOT_FOUND', 'notFound');
    const rows = await catalogModels(db, brandId);
    return c.json({ id: b.id, name: b.name, models: rows.map((r) => toModel(r.m, r.brand)) }, 200);
  })
  .openapi(userList, async (c) => {
    const { userId } = c.req.valid('param');
    const db = c.get('db');
    const scope = await callerScope(c);
    if (!(await scopedUser(db, scope, userId))) return userNotFound(c);
    const { rows } = await loadVehicles(db, scope, origin(c), eq(userVehicles.userId, userId));
    return c.json({ data: rows }, 200);
  })
  .openapi(
    create,
    async (c) => {
      const { userId } = c.req.valid('param');
      const db = c.get('db');
      const scope = await callerScope(c);
      const user = await scopedUser(db, scope, userId);
      if (!user) return userNotFound(c);
      const checked = await checkedValues(c, c.req.valid('json'), user.mandatoryPlate);
      if (checked.error) return checked.error;
      const [row] = await db
        .insert(userVehicles)
        .values({ ...checked.values, userId, companyId: user.companyId })
        .returning({ id: userVehicles.id });
      if (!row) throw new Error('vehicle insert returned nothing');
      await audit(c, 'vehicle.create', row.id, { userId, vin: checked.values.vin, plate: checked.values.licensePlate });
      const vehicle = await oneVehicle(db, scope, origin(c), userId, row.id);
      if (!vehicle) throw new Error('created vehicle not readable');
      return c.json(vehicle, 201);
    },
    keyedValidation,
  )
  .openapi(
    update,
    async (c) => {
      const { userId } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const scope = await callerScope(c);
      const user = await scopedUser(db, scope, userId);
      if (!user) return userNotFound(c);
      if (!(await oneVehicle(db, scope, origin(c), userId, body.user_vehicle_id))) return notFound(c);
      const checked = await checkedValues(c, body, user.mandatoryPlate);
      if (checked.error) return checked.error;
      await db
        .update(userVehicles)
        .set({ ...checked.values, updatedAt: new Date() })
        .where(and(eq(userVehicles.id, body.user_vehicle_id), eq(userVehicles.userId, userId)));
      await audit(c, 'vehicle.update', body.user_vehicle_id, {
        userId,
        vin: checked.values.vin,
        plate: checked.values.licensePlate,
      });
      const vehicle = await oneVehicle(db, scope, origin(c), userId, body.user_vehicle_id);
      if (!vehicle) return notFound(c);
      return c.json(vehicle, 200);
    },
    keyedValidation,
  )
  .openapi(read, async (c) => {
    const { userId, userVehicleId } = c.req.valid('param');
    const vehicle = await oneVehicle(c.get('db'), await callerScope(c), origin(c), userId, userVehicleId);
    return vehicle ? c.json(vehicle, 200) : notFound(c);
  })
  .openapi(remove, async (c) => {
    const { userId, userVehicleId } = c.req.valid('param');
    const db = c.get('db');
    const vehicle = await oneVehicle(db, await callerScope(c), origin(c), userId, userVehicleId);
    if (!vehicle) return notFound(c);
    await db.batch([
      db.delete(vehicleWebhooks).where(eq(vehicleWebhooks.vehicleId, userVehicleId)),
      db.delete(userVehicles).where(eq(userVehicles.id, userVehicleId)),
      audit(c, 'vehicle.delete', userVehicleId, { userId, vin: vehicle.vin, plate: vehicle.license_plate }),
    ]);
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(webhookRead, async (c) => {
    const { userId, userVehicleId } = c.req.valid('param');
    const vehicle = await oneVehicle(c.get('db'), await callerScope(c), origin(c), userId, userVehicleId);
    if (!vehicle) return notFound(c);
    if (!vehicle.webhook) return apiError(c, 404, 'WEBHOOK_NOT_FOUND', 'webhookNotFound');
    return c.json(vehicle.webhook, 200);
  })
  .openapi(webhookCreate, async (c) => {
    const { userId, userVehicleId } = c.req.valid('param');
    const db = c.get('db');
    const vehicle = await oneVehicle(db, await callerScope(c), origin(c), userId, userVehicleId);
    if (!vehicle) return notFound(c);
    if (vehicle.webhook) return apiError(c, 409, 'WEBHOOK_EXISTS', 'webhookExists');
    const token = newToken(24);
    const sealed = await sealedSecret(c, token);
    let row: typeof vehicleWebhooks.$inferSelect | undefined;
    try {
      [row] = await db
        .insert(vehicleWebhooks)
        .values({ vehicleId: userVehicleId, token, secretHash: sealed.secretHash, secretSealed: sealed.secretSealed })
        .returning();
    } catch (err) {
      if (String(err).includes('UNIQUE')) return apiError(c, 409, 'WEBHOOK_EXISTS', 'webhookExists');
      throw err;
    }
    if (!row) throw new Error('webhook insert returned nothing');
    await audit(c, 'vehicle.webhook.create', userVehicleId, { webhookId: row.id });
    return c.json({ ...toWebhook(row, origin(c)), secret: sealed.secret }, 201);
  })
  .openapi(webhookRotate, async (c) => {
    const { userId, userVehicleId, webhookId } = c.req.valid('param');
    const db = c.get('db');
    const vehicle = await oneVehicle(db, await callerScope(c), origin(c), userId, userVehicleId);
    if (!vehicle || vehicle.webhook?.id !== webhookId) return notFound(c);
    const current = await db.select().from(vehicleWebhooks).where(eq(vehicleWebhooks.id, webhookId)).get();
    if (!current) return notFound(c);
    const sealed = await sealedSecret(c, current.token);
    const [row] = await db
      .update(vehicleWebhooks)
      .set({ secretHash: sealed.secretHash, secretSealed: sealed.secretSealed, rotatedAt: new Date() })
      .where(eq(vehicleWebhooks.id, webhookId))
      .returning();
    if (!row) return notFound(c);
    await audit(c, 'vehicle.webhook.rotate', userVehicleId, { webhookId });
    return c.json({ ...toWebhook(row, origin(c)), secret: sealed.secret }, 200);
  })
  .openapi(webhookDelete, async (c) => {
    const { userId, userVehicleId, webhookId } = c.req.valid('param');
    const db = c.get('db');
    const vehicle = await oneVehicle(db, await callerScope(c), origin(c), userId, userVehicleId);
    if (!vehicle || vehicle.webhook?.id !== webhookId) return notFound(c);
    await db.batch([
      db.delete(vehicleWebhooks).where(eq(vehicleWebhooks.id, webhookId)),
      audit(c, 'vehicle.webhook.delete', userVehicleId, { webhookId }),
    ]);
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(telemetry, async (c) => {
    const { token } = c.req.valid('param');
    const db = c.get('db');
    const hook = await db.select().from(vehicleWebhooks).where(eq(vehicleWebhooks.token, token)).get();
    if (!hook) return apiError(c, 404, 'WEBHOOK_NOT_FOUND', 'webhookNotFound');
    const raw = await c.req.text();
    if (raw.length > 4096) return apiError(c, 400, 'WEBHOOK_PAYLOAD_INVALID', 'webhookPayloadInvalid');
    const secret = await decryptSecret(hook.secretSealed, sessionSecret(c.env), sealContext(token));
    if (!secret || !(await verifySignature(secret, raw, c.req.header('x-signature'))))
      return apiError(c, 401, 'WEBHOOK_SIGNATURE_INVALID', 'webhookSignatureInvalid');
    let parsed: ReturnType<typeof TelemetryBody.safeParse>;
    try {
      parsed = TelemetryBody.safeParse(JSON.parse(raw));
    } catch {
      return apiError(c, 400, 'WEBHOOK_PAYLOAD_INVALID', 'webhookPayloadInvalid');
    }
    if (!parsed.success) return apiError(c, 400, 'WEBHOOK_PAYLOAD_INVALID', 'webhookPayloadInvalid');
    const at = new Date(parsed.data.at);
    // Readings from the future (beyond clock skew) are refused; older ones than the stored reading are
    // acknowledged but not applied, so a late retry never overwrites a newer state.
    if (at.getTime() > Date.now() + 5 * 60_000)
      return apiError(c, 400, 'WEBHOOK_PAYLOAD_INVALID', 'webhookPayloadInvalid');
    const vehicle = await db.select().from(userVehicles).where(eq(userVehicles.id, hook.vehicleId)).get();
    const now = new Date();
    if (!vehicle) return apiError(c, 404, 'WEBHOOK_NOT_FOUND', 'webhookNotFound');
    const applied = !vehicle.telemetryAt || vehicle.telemetryAt.getTime() < at.getTime();
    await db.batch([
      db.update(vehicleWebhooks).set({ lastReceivedAt: now }).where(eq(vehicleWebhooks.id, hook.id)),
      ...(applied
        ? [
            db
              .update(userVehicles)
              .set({ odometerKm: parsed.data.odometer_km, socPercent: parsed.data.soc_percent, telemetryAt: at })
              .where(eq(userVehicles.id, hook.vehicleId)),
            // The reading lands on the driver's session in progress too (cdr_odometer, whole km).
            db
              .update(chargingSessions)
              .set({ odometerKm: Math.round(parsed.data.odometer_km) })
              .where(and(eq(chargingSessions.userId, vehicle.userId), eq(chargingSessions.status, 'in_progress'))),
          ]
        : []),
    ]);
    return c.json({ applied }, 200);
  });
