/** @module Shapes of the private users list (spec 7.8 users/private). */
import { PRIVATE_SESSION_SCOPES } from '@domain/fleet/private-sessions';
import { z } from '@hono/zod-openapi';

export const PrivateListBody = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  page: z.number().int().min(0).default(0),
  items_per_page: z.number().int().min(1).max(100).default(20),
});

const PrivateUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  only_private: z.boolean(),
  can_charge_home: z.boolean(),
  session_count: z.number(),
  status: z.enum(['charging', 'idle']),
});

const PrivateSession = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  /** Null when hidden by service setting 56 (a session in progress). */
  email: z.string().nullable(),
  email_hidden: z.boolean(),
  station_name: z.string().nullable(),
  station_type: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  energy_kwh: z.number().nullable(),
  status: z.string(),
});

export const PrivatePage = z.object({
  data: z.array(PrivateUser),
  total: z.number(),
  page: z.number(),
  items_per_page: z.number(),
  session_scope: z.enum(PRIVATE_SESSION_SCOPES),
  sessions: z.array(PrivateSession),
});
