/**
 * @module Shapes of the hub (Gireve) API (issue 22 part 6, spec 001 7.22): party ids as the hub writes
 * them (`FR*ABC`), the progress of a full token pull, the CPO parties an eMSP reaches, and one cached
 * token with the peering it came from (`credential_id`) and its scope.
 */
import { z } from '@hono/zod-openapi';

const partyCode = (name: string, example: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}[*-]?[A-Za-z0-9]{3}$/, 'A country code and a party id, e.g. FR*ABC')
    .openapi({ param: { name, in: 'path' }, example });

export const GetFullParams = z.object({
  cpo_id: partyCode('cpo_id', 'FR*C01'),
  emsp_id: partyCode('emsp_id', 'FR*GIR'),
});
export const EmspParams = z.object({ emsp_id: partyCode('emsp_id', 'FR*GIR') });
export const UuidParams = z.object({
  uuid: z
    .string()
    .trim()
    .min(1)
    .max(36)
    .openapi({ param: { name: 'uuid', in: 'path' }, example: '012345678' }),
});
export const GetFullQuery = z.object({
  /** Where to resume a pull a previous call left incomplete (its next_offset). */
  offset: z.coerce.number().int().min(0).default(0),
});

export const GetFullAnswer = z
  .object({
    cpo_id: z.string(),
    emsp_id: z.string(),
    /** The hub peering the tokens came through (the tokens' credential_id). */
    peering_id: z.number(),
    pages: z.number(),
    received: z.number(),
    stored: z.number(),
    /** Tokens refused: invalid, or of another party than emsp_id. */
    rejected: z.number(),
    /** X-Total-Count of the hub's answer; null when it sent none. */
    total: z.number().nullable(),
    /** False when more pages remain: call again with offset = next_offset. */
    complete: z.boolean(),
    next_offset: z.number().nullable(),
  })
  .openapi('GireveTokensPull');

export const CpoIdsAnswer = z
  .object({
    emsp_id: z.string(),
    /** The eMSP's status at the hub (HubClientInfo); null when the hub did not tell. */
    emsp_status: z.string().nullable(),
    cpo_ids: z.array(z.object({ cpo_id: z.string(), peering_id: z.number(), company_id: z.number() })),
  })
  .openapi('GireveCpoIds');

export const CachedTokenAnswer = z
  .object({
    uid: z.string(),
    type: z.string(),
    contract_id: z.string(),
    visual_number: z.string().nullable(),
    issuer: z.string(),
    valid: z.boolean(),
    whitelist: z.string(),
    /** The peering (OCPI credentials) the token came through. */
    credential_id: z.number(),
    /** Whose token it is and where it may charge: the eMSP party, and whether it came through a hub. */
    scope: z.object({
      emsp_id: z.string(),
      country_code: z.string(),
      party_id: z.string(),
      via_hub: z.boolean(),
      company_id: z.number(),
    }),
    last_updated: z.string(),
  })
  .openapi('CachedRoamingToken');
