/** @module Shapes of the key hangers API (spec 7.19): snake_case, as the spec names RFID fields. */

import { RFID_STATUSES, type rfids, type users } from '@db/schema';
import { KEYFOB_TYPES } from '@domain/import/keyfobs-import';
import { z } from '@hono/zod-openapi';
import { pageFields, pageOf } from '../../lib/pagination';

/** The spec names a type but not its values; these are the media a fleet hands out. */
export const RFID_TYPES = [
  { id: 'rfid', label: 'RFID card' },
  { id: 'keyfob', label: 'Key fob' },
  { id: 'sticker', label: 'NFC sticker' },
] as const satisfies readonly { id: (typeof KEYFOB_TYPES)[number]; label: string }[];

/**
 * The OCPP idTag is a CiString20: at most 20 printable characters, compared case-insensitively.
 * Only creation names a missing UUID with the spec's "field is missing" message.
 */
const uuidSchema = (missing?: 'rfidFieldMissing') =>
  z
    .string(missing ? { error: missing } : undefined)
    .trim()
    .min(1, missing ? { error: missing } : undefined)
    .max(20)
    .regex(/^[\x21-\x7e]+$/, 'Printable characters without spaces')
    .transform((s) => s.toUpperCase());

export const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 12 }),
});

export const UuidParams = z.object({
  uuid: uuidSchema().openapi({ param: { name: 'uuid', in: 'path' }, example: '04A2B3C4D5E6F7' }),
});

/** The OCPP fields of a card an integrator sets with it, at creation or later, in one call. */
const cardFields = {
  type: z.enum(KEYFOB_TYPES).optional(),
  /** OCPP parentIdTag (group id): an IdToken like the UUID; null removes it. */
  parent_id_tag: uuidSchema().nullable().optional(),
  /** From this instant the card answers OCPP Expired; null: never expires. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The id of a roaming peering of the scope the card is published to as an OCPI token; null: none. */
  peering: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, { error: 'rfidPeeringUnavailable' })
    .nullable()
    .optional(),
};

export const CreateBody = z.strictObject({
  code: z.string({ error: 'rfidFieldMissing' }).trim().min(1, { error: 'rfidFieldMissing' }).max(32),
  uuid: uuidSchema('rfidFieldMissing'),
  ...cardFields,
});

/** The same optional fields for a card created from its UUID alone (the body itself is optional). */
export const CreateFromUuidBody = z.strictObject(cardFields);

export const UpdateBody = z.strictObject({
  /** Assign to a user of the company scope. Unassigning is the irreversible unlink. */
  user_id: z.number().int().positive().optional(),
  ...cardFields,
});

/** `expired`: active but past its expiry; `active`: active and not expired. */
export const LIST_STATUSES = [...RFID_STATUSES, 'expired'] as const;

export const ListBody = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(LIST_STATUSES).optional(),
  user: z.number().int().positive().optional(),
  /** true: assigned to a user; false: free. */
  assigned: z.boolean().optional(),
  ...pageFields(10),
  // Up to 200: the screens' export pages through the filtered list 200 rows a call.
  items_per_page: z.number().int().min(1).max(200).default(10),
});

export const CheckQuery = z.object({
  uuid: uuidSchema(),
  /** A station the card would be presented at now: the answer then carries the authorization decision. */
  station_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name: 'station_id', in: 'query' }, example: 3 }),
});

export const SearchQuery = z.object({ keyword: z.string().trim().max(100).optional() });

export const StationOption = z
  .object({ id: z.number(), uid: z.string(), name: z.string(), city: z.string().nullable(), type: z.string() })
  .openapi('KeyfobStationOption');

export const UserRef = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

export const KeyfobSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    key_hanger_code: z.string(),
    uuid: z.string(),
    type: z.string(),
    peering: z.string().nullable(),
    parent_id_tag: z.string().nullable(),
    status: z.enum(RFID_STATUSES),
    user_id: z.number().nullable(),
    user: UserRef.nullable(),
    expires_at: z.string().nullable(),
    expired: z.boolean(),
    blocked_at: z.string().nullable(),
    unlinked_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Keyfob');

export const KeyfobPage = pageOf(KeyfobSchema).openapi('KeyfobPage');

export const CheckSchema = z
  .object({
    uuid: z.string(),
    exists: z.boolean(),
    valid: z.boolean(),
    status: z.enum(RFID_STATUSES).nullable(),
    expired: z.boolean(),
    expires_at: z.string().nullable(),
    user: UserRef.nullable(),
    id: z.number().nullable(),
    reason: z.string(),
    /** With station_id: what Authorize would answer at that station now, and why. */
    decision: z
      .object({
        status: z.enum(['Accepted', 'Blocked', 'Expired', 'Invalid', 'ConcurrentTx']),
        reason: z.string(),
        parent_id_tag: z.string().nullable(),
        expiry_date: z.string().nullable(),
        station: StationOption,
      })
      .nullable(),
  })
  .openapi('KeyfobCheck');

type Rfid = typeof rfids.$inferSelect;
type User = typeof users.$inferSelect;

export function userRef(u: User | null) {
  return u ? { id: u.id, email: u.email, first_name: u.firstName, last_name: u.lastName } : null;
}

export function toKeyfob(r: Rfid, u: User | null, now = new Date()): z.infer<typeof KeyfobSchema> {
  return {
    id: r.id,
    company_id: r.companyId,
    key_hanger_code: r.keyHangerCode,
    uuid: r.uuid,
    type: r.type,
    peering: r.peering,
    parent_id_tag: r.parentIdTag,
    status: r.status,
    user_id: r.userId,
    user: userRef(u),
    expires_at: r.expiresAt?.toISOString() ?? null,
    expired: r.expiresAt !== null && r.expiresAt.getTime() <= now.getTime(),
    blocked_at: r.blockedAt?.toISOString() ?? null,
    unlinked_at: r.unlinkedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}
