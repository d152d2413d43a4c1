/**
 * @module Shapes of the peerings API (issue 22 part 2, ADR 057): snake_case like the rest of the API. A
 * peering never shows a token: only the first characters of the one the partner presents to us.
 */
import type { ocpiMessages, ocpiPeerings } from '@db/schema';
import { CredentialsRole, Endpoint } from '@domain/ocpi/schemas';
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

export const PEERING_STATES = ['pending', 'registered', 'suspended', 'unregistered', 'failed'] as const;

export const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 3 }),
});

export const PageQuery = z.object(pageQueryFields(20));

const name = z.string().trim().min(1).max(100);

/** A partner that gave us its versions URL and a token A: we register with it. */
export const CreateBody = z.strictObject({
  name,
  versions_url: z.url().max(255),
  /** CiString(64) printable: the token A the partner issued to us. */
  token_a: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'Printable characters without spaces'),
});

/** A partner that will register with us: we issue its token A. */
export const InviteBody = z.strictObject({ name });

export const PeeringSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    company_name: z.string().optional(),
    name: z.string(),
    direction: z.enum(['outbound', 'inbound']),
    state: z.enum(PEERING_STATES),
    last_error: z.string().nullable(),
    versions_url: z.string().nullable(),
    /** Our versions URL, which the partner calls. */
    our_versions_url: z.string(),
    version: z.string().nullable(),
    partner_roles: z.array(CredentialsRole),
    endpoints: z.array(Endpoint),
    /** The first characters of the token the partner presents to us, and which one it is (A, B or C). */
    incoming_token: z.object({ prefix: z.string(), kind: z.string() }).nullable(),
    registered_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Peering');

export const PeeringPage = pageOf(PeeringSchema).openapi('PeeringPage');

/** The token A shown once, with the URL the partner starts from. */
export const InvitationSchema = z
  .object({ peering: PeeringSchema, token_a: z.string(), versions_url: z.string() })
  .openapi('PeeringInvitation');

export const PeeringOption = z.object({ id: z.number(), name: z.string(), state: z.enum(PEERING_STATES) });

export const MessageSchema = z
  .object({
    id: z.number(),
    direction: z.enum(['in', 'out']),
    method: z.string(),
    url_path: z.string(),
    http_status: z.number().nullable(),
    ocpi_status: z.number().nullable(),
    duration_ms: z.number(),
    request_id: z.string().nullable(),
    correlation_id: z.string().nullable(),
    body: z.string().nullable(),
    at: z.string(),
  })
  .openapi('PeeringMessage');

export const MessagePage = pageOf(MessageSchema).openapi('PeeringMessagePage');

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const parsedArray = <T extends z.ZodType>(schema: T, json: string) => {
  const parsed = z.array(schema).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
};

export function toPeering(row: typeof ocpiPeerings.$inferSelect, companyName?: string): z.infer<typeof PeeringSchema> {
  return {
    id: row.id,
    company_id: row.companyId,
    ...(companyName === undefined ? {} : { company_name: companyName }),
    name: row.name,
    direction: row.direction as 'outbound' | 'inbound',
    state: row.state as (typeof PEERING_STATES)[number],
    last_error: row.lastError,
    versions_url: row.versionsUrl,
    our_versions_url: `${row.ourBaseUrl}/versions`,
    version: row.version,
    partner_roles: parsedArray(CredentialsRole, row.partnerRolesJson),
    endpoints: parsedArray(Endpoint, row.endpointsJson),
    incoming_token:
      row.incomingTokenPrefix && row.incomingTokenHash
        ? { prefix: row.incomingTokenPrefix, kind: row.incomingTokenKind ?? '' }
        : null,
    registered_at: iso(row.registeredAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toMessage(row: typeof ocpiMessages.$inferSelect): z.infer<typeof MessageSchema> {
  return {
    id: row.id,
    direction: row.direction as 'in' | 'out',
    method: row.method,
    url_path: row.urlPath,
    http_status: row.httpStatus,
    ocpi_status: row.ocpiStatus,
    duration_ms: row.durationMs,
    request_id: row.requestId,
    correlation_id: row.correlationId,
    body: row.body,
    at: row.at.toISOString(),
  };
}
