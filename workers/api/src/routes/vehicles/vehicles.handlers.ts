/** @module The /vehicles router: model catalog, the company's vehicles, the driver picker, telematics updates. */

import {
  isFromTheFuture,
  MAX_TELEMETRY_BODY_LENGTH,
  openWebhookSecret,
  replacesStoredReading,
  verifyWebhookSignature,
} from '@domain/vehicles/telematics';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { sessionSecret } from '../../lib/session-cookie';
import { brand, brands, catalog, company, drivers, ehdvTypes, telemetry } from './vehicles.routes';
import { TelemetryBody, toModel } from './vehicles.schemas';
import {
  activeDrivers,
  brandById,
  brandsWithModelCount,
  catalogModels,
  ehdvTypeList,
  keywordFilter,
  loadVehicles,
  recordTelemetry,
  vehicleById,
  webhookByToken,
} from './vehicles.store';

export const vehicleRoutes = new OpenAPIHono<AppEnv>()
  .openapi(catalog, async (c) => {
    const rows = await catalogModels(c.get('db'));
    return c.json({ data: rows.map((r) => toModel(r.m, r.brand)) }, 200);
  })
  .openapi(brands, async (c) => c.json({ data: await brandsWithModelCount(c.get('db')) }, 200))
  .openapi(ehdvTypes, async (c) => c.json({ data: await ehdvTypeList(c.get('db')) }, 200))
  .openapi(company, async (c) => {
    const { keyword, page, itemsPerPage } = c.req.valid('query');
    const origin = new URL(c.req.url).origin;
    const { rows, total } = await loadVehicles(c.get('db'), await callerScope(c), origin, keywordFilter(keyword), {
      offset: page * itemsPerPage,
      limit: itemsPerPage,
    });
    return c.json({ data: rows, total, page, itemsPerPage }, 200);
  })
  .openapi(drivers, async (c) => {
    const { keyword } = c.req.valid('query');
    return c.json({ data: await activeDrivers(c.get('db'), await callerScope(c), keyword) }, 200);
  })
  .openapi(brand, async (c) => {
    const { brandId } = c.req.valid('param');
    const db = c.get('db');
    const b = await brandById(db, brandId);
    if (!b) return apiError(c, 404, 'BRAND_NOT_FOUND', 'notFound');
    const rows = await catalogModels(db, brandId);
    return c.json({ id: b.id, name: b.name, models: rows.map((r) => toModel(r.m, r.brand)) }, 200);
  })
  .openapi(telemetry, async (c) => {
    const { token } = c.req.valid('param');
    const db = c.get('db');
    const hook = await webhookByToken(db, token);
    if (!hook) return apiError(c, 404, 'WEBHOOK_NOT_FOUND', 'webhookNotFound');
    const raw = await c.req.text();
    if (raw.length > MAX_TELEMETRY_BODY_LENGTH)
      return apiError(c, 400, 'WEBHOOK_PAYLOAD_INVALID', 'webhookPayloadInvalid');
    const secret = await openWebhookSecret(hook.secretSealed, sessionSecret(c.env), token);
    if (!secret || !(await verifyWebhookSignature(secret, raw, c.req.header('x-signature'))))
      return apiError(c, 401, 'WEBHOOK_SIGNATURE_INVALID', 'webhookSignatureInvalid');
    let parsed: ReturnType<typeof TelemetryBody.safeParse>;
    try {
      parsed = TelemetryBody.safeParse(JSON.parse(raw));
    } catch {
      return apiError(c, 400, 'WEBHOOK_PAYLOAD_INVALID', 'webhookPayloadInvalid');
    }
    if (!parsed.success) return apiError(c, 400, 'WEBHOOK_PAYLOAD_INVALID', 'webhookPayloadInvalid');
    const at = new Date(parsed.data.at);
    if (isFromTheFuture(at, new Date())) return apiError(c, 400, 'WEBHOOK_PAYLOAD_INVALID', 'webhookPayloadInvalid');
    const vehicle = await vehicleById(db, hook.vehicleId);
    if (!vehicle) return apiError(c, 404, 'WEBHOOK_NOT_FOUND', 'webhookNotFound');
    // An older reading than the stored one is acknowledged but not applied.
    const applied = replacesStoredReading(at, vehicle.telemetryAt);
    await recordTelemetry(db, hook, vehicle.userId, { ...parsed.data, at }, applied);
    return c.json({ applied }, 200);
  });
