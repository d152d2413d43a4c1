/** @module The router of a user's vehicles (/users/{userId}/vehicles…) and their telematics webhook. */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { callerScope } from '@api/lib/scope';
import { sessionSecret } from '@api/lib/session-cookie';
import { toWebhook } from '@api/routes/vehicles/vehicles.schemas';
import { brandById, modelById, oneVehicle, userVehicleList } from '@api/routes/vehicles/vehicles.store';
import { judgeVehicleChoice } from '@domain/vehicles/choice';
import { newWebhookSecret, newWebhookToken } from '@domain/vehicles/telematics';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  create,
  read,
  remove,
  update,
  userList,
  webhookCreate,
  webhookDelete,
  webhookRead,
  webhookRotate,
} from './vehicles.routes';
import type { VehicleFields } from './vehicles.schemas';
import {
  deleteVehicle,
  deleteWebhook,
  insertVehicle,
  insertWebhook,
  rotateWebhookSecret,
  scopedUser,
  updateVehicle,
  webhookById,
} from './vehicles.store';

type Ctx = Context<AppEnv>;

const origin = (c: Ctx) => new URL(c.req.url).origin;
const notFound = (c: Ctx) => apiError(c, 404, 'VEHICLE_NOT_FOUND', 'vehicleNotFound');
const userNotFound = (c: Ctx) => apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
const audit = (c: Ctx, action: string, vehicleId: number | undefined, detail: Record<string, unknown>) =>
  callerAudit(c, { action, entity: 'vehicle', entityId: vehicleId, detail });

/** Gathers what the catalog holds for the brand and model sent, and lets the domain rule judge them. */
async function checkedValues(c: Ctx, body: VehicleFields, mandatoryPlate: boolean) {
  const db = c.get('db');
  const choice = {
    brandId: body.brand_id ?? null,
    modelId: body.model_id ?? null,
    licensePlate: body.license_plate ?? null,
  };
  const facts =
    choice.modelId !== null
      ? { model: await modelById(db, choice.modelId) }
      : { brandExists: choice.brandId !== null && Boolean(await brandById(db, choice.brandId)) };
  const verdict = judgeVehicleChoice(choice, mandatoryPlate, facts);
  if (!verdict.ok) return { error: apiError(c, 400, 'VALIDATION_FAILED', verdict.key, { field: verdict.field }) };
  return {
    values: {
      brandId: verdict.brandId,
      modelId: verdict.modelId,
      vin: body.vin,
      licensePlate: body.license_plate,
      telematicsProvider: body.telematics_provider,
    },
  };
}

export const userVehicleRoutes = new OpenAPIHono<AppEnv>()
  .openapi(userList, async (c) => {
    const { userId } = c.req.valid('param');
    const db = c.get('db');
    const scope = await callerScope(c);
    if (!(await scopedUser(db, scope, userId))) return userNotFound(c);
    const { rows } = await userVehicleList(db, scope, origin(c), userId);
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
      const { vin, licensePlate: plate } = checked.values;
      const id = await insertVehicle(
        db,
        { ...checked.values, userId, companyId: user.companyId },
        audit(c, 'vehicle.create', undefined, { userId, vin, plate }),
      );
      const vehicle = await oneVehicle(db, scope, origin(c), userId, id);
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
      const vehicleId = body.user_vehicle_id;
      const stored = await oneVehicle(db, scope, origin(c), userId, vehicleId);
      if (!stored) return notFound(c);
      // A plate left out keeps the stored one (the form leaves it out unchanged: in demo mode it showed a placeholder).
      const sent = body.license_plate === undefined ? { ...body, license_plate: stored.license_plate } : body;
      const checked = await checkedValues(c, sent, user.mandatoryPlate);
      if (checked.error) return checked.error;
      const { vin, licensePlate: plate } = checked.values;
      await updateVehicle(
        db,
        userId,
        vehicleId,
        checked.values,
        audit(c, 'vehicle.update', vehicleId, { userId, vin, plate }),
      );
      const vehicle = await oneVehicle(db, scope, origin(c), userId, vehicleId);
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
    await deleteVehicle(
      db,
      userVehicleId,
      audit(c, 'vehicle.delete', userVehicleId, { userId, vin: vehicle.vin, plate: vehicle.license_plate }),
    );
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
    const token = newWebhookToken();
    const sealed = await newWebhookSecret(sessionSecret(c.env), token);
    const row = await insertWebhook(
      db,
      userVehicleId,
      token,
      sealed,
      audit(c, 'vehicle.webhook.create', userVehicleId, {}),
    );
    if (!row) return apiError(c, 409, 'WEBHOOK_EXISTS', 'webhookExists');
    return c.json({ ...toWebhook(row, origin(c)), secret: sealed.secret }, 201);
  })
  .openapi(webhookRotate, async (c) => {
    const { userId, userVehicleId, webhookId } = c.req.valid('param');
    const db = c.get('db');
    const vehicle = await oneVehicle(db, await callerScope(c), origin(c), userId, userVehicleId);
    if (!vehicle || vehicle.webhook?.id !== webhookId) return notFound(c);
    const current = await webhookById(db, webhookId);
    if (!current) return notFound(c);
    const sealed = await newWebhookSecret(sessionSecret(c.env), current.token);
    const row = await rotateWebhookSecret(
      db,
      webhookId,
      sealed,
      audit(c, 'vehicle.webhook.rotate', userVehicleId, { webhookId }),
    );
    if (!row) return notFound(c);
    return c.json({ ...toWebhook(row, origin(c)), secret: sealed.secret }, 200);
  })
  .openapi(webhookDelete, async (c) => {
    const { userId, userVehicleId, webhookId } = c.req.valid('param');
    const db = c.get('db');
    const vehicle = await oneVehicle(db, await callerScope(c), origin(c), userId, userVehicleId);
    if (!vehicle || vehicle.webhook?.id !== webhookId) return notFound(c);
    await deleteWebhook(db, webhookId, audit(c, 'vehicle.webhook.delete', userVehicleId, { webhookId }));
    return c.json({ deleted: true as const }, 200);
  });
