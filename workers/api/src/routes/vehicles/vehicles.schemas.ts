/** @module Shapes of the vehicles API (spec 2 section 7.13): snake_case like the other fleet resources. */

import { LICENSE_PLATE_PATTERN, normalizePlate } from '@domain/fleet/validation';
import { normalizeVin, vinError } from '@domain/vehicles/vin';
import { z } from '@hono/zod-openapi';

const id = z.coerce.number().int().positive();

export const UserParams = z.object({ userId: id.openapi({ param: { name: 'userId', in: 'path' } }) });
export const VehicleParams = z.object({
  userId: id.openapi({ param: { name: 'userId', in: 'path' } }),
  userVehicleId: id.openapi({ param: { name: 'userVehicleId', in: 'path' } }),
});
export const WebhookParams = VehicleParams.extend({
  webhookId: id.openapi({ param: { name: 'webhookId', in: 'path' } }),
});
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

/** Empty strings mean "not given"; VIN and plate are upper-cased, then checked with keyed messages. */
const optionalText = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .transform((s) => (s ? s : null));

const vin = optionalText
  .transform((s) => (s ? normalizeVin(s) : null))
  .superRefine((v, ctx) => {
    const key = vinError(v);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/** Mandatory-ness depends on the company setting and is checked by the handler. */
const plate = optionalText
  .transform((s) => (s ? normalizePlate(s) : null))
  .superRefine((v, ctx) => {
    if (v && !LICENSE_PLATE_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: 'licensePlateInvalid' });
  });

const vehicleFields = {
  brand_id: z.number().int().positive().nullish(),
  model_id: z.number().int().positive().nullish(),
  vin,
  license_plate: plate,
  telematics_provider: optionalText,
};

export const CreateBody = z.object(vehicleFields).strict().openapi('VehicleCreate');
export const UpdateBody = z
  .object({ user_vehicle_id: z.number().int().positive(), ...vehicleFields })
  .strict()
  .openapi('VehicleUpdate');

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
