/** @module Schemas of a station's configuration commands (GetConfiguration, ChangeConfiguration). */

import { STATION_PASSWORD } from '@domain/ocpp/authorization-key';
import { z } from '@hono/zod-openapi';

/** OCPP 1.6 CiString50 keys; none (or an empty list) asks for every key. */
export const GetConfigurationBody = z
  .object({
    key: z.array(z.string().trim().min(1).max(50, 'A configuration key has at most 50 characters')).max(100).optional(),
  })
  .strict();

export const SetConfigurationBody = z
  .object({
    key: z.string().trim().min(1, 'The key is required').max(50, 'A configuration key has at most 50 characters'),
    value: z.string().max(500, 'A configuration value has at most 500 characters'),
  })
  .strict()
  .superRefine((b, ctx) => {
    // The Security Whitepaper's basic-auth password.
    if (b.key === 'AuthorizationKey' && !STATION_PASSWORD.test(b.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'The AuthorizationKey must be 16 to 40 printable characters without spaces',
      });
    }
  });
