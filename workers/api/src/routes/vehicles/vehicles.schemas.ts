/**
 * @module Shapes of the vehicles API (spec 2 section 7.13), snake_case like the other fleet resources, and
 * the mapping of stored rows to them (shared with the per-user routes of users/vehicles/).
 */

import type { users, userVehicles, vehicleBrands, vehicleModels, vehicleWebhooks } from '@db/schema';
import { z } from '@hono/zod-openapi';

const id = z.coerce.number().int().positive();

export const BrandParams = z.object({ brandId: id.openapi({ param: { name: 'brandId', in: 'path' } }) });
export const TokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .openapi({ param: { name: 'token', in: 'path' } }),
});

export const CompanyQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).default(0),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(10),
});

export const DriverQuery = z.object({ keyword: z.string().trim().min(1).max(100) });
export const DriverSchema = z
  .object({ id: z.number(), email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() })
  .openapi('VehicleDriver');

export const ModelSchema = z
  .object({
    id: z.number(),
    brand_id: z.number(),
    brand: z.string(),
    name: z.string(),
    battery_kwh: z.number(),
    ac_max_kw: z.number(),
    dc_max_kw: z.number().nullable(),
    plugs: z.array(z.string()),
    range_km: z.number().nullable(),
    ehdv_type_id: z.number().nullable(),
  })
  .openapi('VehicleModel');
export const BrandSchema = z.object({ id: z.number(), name: z.string(), models: z.number() }).openapi('VehicleBrand');
export const BrandDetailSchema = z
  .object({ id: z.number(), name: z.string(), models: z.array(ModelSchema) })
  .openapi('VehicleBrandDetail');
export const EhdvSchema = z.object({ id: z.number(), code: z.string(), label: z.string() }).openapi('EhdvType');

export const WebhookSchema = z
  .object({
    id: z.number(),
    url: z.string(),
    /** First 12 hex characters of SHA-256(secret): lets an integrator tell which secret is current. */
    secret_fingerprint: z.string(),
    created_at: z.string(),
    rotated_at: z.string().nullable(),
    last_received_at: z.string().nullable(),
  })
  .openapi('VehicleWebhook');
export const WebhookWithSecret = WebhookSchema.extend({
  /** Shown once: at creation and at rotation. */
  secret: z.string(),
}).openapi('VehicleWebhookWithSecret');

export const VehicleSchema = z
  .object({
    id: z.number(),
    user_id: z.number(),
    user: z.object({
      id: z.number(),
      email: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
    }),
    brand: z.object({ id: z.number(), name: z.string() }).nullable(),
    model: ModelSchema.nullable(),
    vin: z.string().nullable(),
    license_plate: z.string().nullable(),
    telematics_provider: z.string().nullable(),
    odometer_km: z.number().nullable(),
    soc_percent: z.number().nullable(),
    telemetry_at: z.string().nullable(),
    webhook: WebhookSchema.nullable(),
    created_at: z.string(),
  })
  .openapi('Vehicle');

export const VehiclePage = z
  .object({ data: z.array(VehicleSchema), total: z.number(), page: z.number(), itemsPerPage: z.number() })
  .openapi('VehiclePage');

export const TelemetryBody = z
  .object({
    odometer_km: z.number().min(0).max(10_000_000),
    soc_percent: z.number().min(0).max(100),
    at: z.iso.datetime({ offset: true }),
  })
  .strict();

export type Model = z.infer<typeof ModelSchema>;
export type Vehicle = z.infer<typeof VehicleSchema>;

export function toModel(m: typeof vehicleModels.$inferSelect, brandName: string): Model {
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

export interface VehicleRow {
  v: typeof userVehicles.$inferSelect;
  u: typeof users.$inferSelect;
  b: typeof vehicleBrands.$inferSelect | null;
  m: typeof vehicleModels.$inferSelect | null;
  w: typeof vehicleWebhooks.$inferSelect | null;
}

export function toVehicle({ v, u, b, m, w }: VehicleRow, origin: string): Vehicle {
  return {
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
  };
}
