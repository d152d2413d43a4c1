/** @module Input shapes of a user's vehicles (spec 2 section 7.13): the path ids and the VIN and plate rules. */

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

/** Empty strings mean "not given"; VIN and plate are upper-cased, then checked with keyed messages. */
const optionalText = z
  .string()
  .trim()
  .max(40)
  .nullish()
  // Left out stays undefined (an update keeps the stored value); empty or null clears it.
  .transform((s) => (s === undefined ? undefined : s || null));

const vin = optionalText
  .transform((s) => (s === undefined ? undefined : s ? normalizeVin(s) : null))
  .superRefine((v, ctx) => {
    const key = vinError(v);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/** Mandatory-ness depends on the company setting and is checked by the handler. */
const plate = optionalText
  .transform((s) => (s === undefined ? undefined : s ? normalizePlate(s) : null))
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

export type VehicleFields = z.infer<typeof CreateBody>;
