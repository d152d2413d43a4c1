/** @module Shapes of the API keys API (ADR 047): snake_case like the rest of the API. */
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';
import type { KeyRow } from './api-keys.store';

export const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 3 }),
});

export const ListQuery = z.object(pageQueryFields(20));

export const CreateBody = z
  .strictObject({
    name: z.string({ error: 'apiKeyNameRequired' }).trim().min(1, { error: 'apiKeyNameRequired' }).max(100, {
      error: 'apiKeyNameRequired',
    }),
    /** The company the key acts for: the selected one (default) or one of its tree. */
    company_id: z.number().int().positive().optional(),
    scope: z.enum(['read', 'permissions']),
    /** For scope `permissions`: permission strings the creator holds (GET /api-keys/permissions). */
    permissions: z.array(z.string().max(64)).max(100).optional(),
  })
  .openapi('ApiKeyCreate');

export const ApiKeySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    company_id: z.number(),
    company_name: z.string(),
    scope: z.enum(['read', 'permissions']),
    permissions: z.array(z.string()),
    /** The first characters of the secret, to recognise it. */
    display_prefix: z.string(),
    created_by: z.string(),
    created_at: z.string(),
    rotated_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    revoked_by: z.string().nullable(),
    requests_today: z.number(),
    requests_last_7_days: z.number(),
  })
  .openapi('ApiKey');

export const ApiKeyPage = pageOf(ApiKeySchema);

/** The create and rotate answer: the only time the secret is ever shown. */
export const ApiKeyWithSecret = z
  .object({ key: ApiKeySchema, secret: z.string().openapi({ example: 'evk_3q2-…' }) })
  .openapi('ApiKeyWithSecret');

export const GrantableSchema = z.object({ data: z.array(z.string()) });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiKey(row: KeyRow): z.infer<typeof ApiKeySchema> {
  const { key } = row;
  return {
    id: key.id,
    name: key.name,
    company_id: key.companyId,
    company_name: row.companyName,
    scope: key.scope,
    permissions: key.permissionsJson ? (JSON.parse(key.permissionsJson) as string[]) : [],
    display_prefix: key.displayPrefix,
    created_by: row.creatorEmail ?? '',
    created_at: key.createdAt.toISOString(),
    rotated_at: iso(key.rotatedAt),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
    revoked_by: row.revokerEmail,
    requests_today: Number(row.requestsToday),
    requests_last_7_days: Number(row.requestsWeek),
  };
}
