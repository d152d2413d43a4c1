/** @module Parameters and answers of remote start and stop (spec 7.17) and of the users a start can be sent for. */

import { z } from '@hono/zod-openapi';

export const ById = z.object({ id: z.coerce.number().int().positive() });

export const ByConnectorAndUser = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

export const UsersQuery = z.object({ keyword: z.string().trim().max(100).optional() });

export const UserOption = z
  .object({
    id: z.number(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    /** A remote start needs an active RFID card of the user. */
    has_active_rfid: z.boolean(),
  })
  .openapi('RemoteStartUser');
