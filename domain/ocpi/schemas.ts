/**
 * @module OCPI 2.2.1 objects of the transport and credentials modules as zod schemas, written from the
 * reference (`transport_and_format`, `version_information_endpoint`, `credentials`, `types`) and parsed
 * against its official examples (schemas.test.ts). The later modules (locations, tariffs, sessions, CDRs,
 * tokens, commands) add their own files beside this one.
 */
import { z } from 'zod';

/** CiString(n): printable ASCII, case-insensitive, at most n characters. */
export const ciString = (max: number) =>
  z
    .string()
    .regex(/^[\x20-\x7e]*$/, 'printable ASCII only')
    .max(max);
/** types: URL, at most 255 characters. */
export const ocpiUrl = z.string().url().max(255);
/** types: DateTime, RFC 3339 in UTC, with or without fractions and the Z. */
export const ocpiDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?$/);
export const countryCode = ciString(2).length(2);
export const partyId = ciString(3).length(3);

/** version_information_endpoint: VersionNumber enum (custom later versions are strings too). */
export const VersionNumber = z.string().regex(/^\d+\.\d+(\.\d+)?$/);
export const Version = z.object({ version: VersionNumber, url: ocpiUrl });
export const InterfaceRole = z.enum(['SENDER', 'RECEIVER']);
/** ModuleID: the spec's modules, extensible with custom ids (version_information_endpoint, "Custom Modules"). */
export const Endpoint = z.object({ identifier: z.string().min(1).max(255), role: InterfaceRole, url: ocpiUrl });
export const VersionDetails = z.object({ version: VersionNumber, endpoints: z.array(Endpoint) });

/** types: Role enum. */
export const Role = z.enum(['CPO', 'EMSP', 'HUB', 'NAP', 'NSP', 'OTHER', 'SCSP']);
export const ImageCategory = z.enum(['CHARGER', 'ENTRANCE', 'LOCATION', 'NETWORK', 'OPERATOR', 'OTHER', 'OWNER']);
export const Image = z.object({
  url: ocpiUrl,
  thumbnail: ocpiUrl.optional(),
  category: ImageCategory,
  type: ciString(4),
  width: z.number().int().max(99999).optional(),
  height: z.number().int().max(99999).optional(),
});
export const BusinessDetails = z.object({
  name: z.string().max(100),
  website: ocpiUrl.optional(),
  logo: Image.optional(),
});
export const CredentialsRole = z.object({
  role: Role,
  business_details: BusinessDetails,
  party_id: partyId,
  country_code: countryCode,
});
export const Credentials = z.object({
  token: ciString(64).min(1),
  url: ocpiUrl,
  roles: z.array(CredentialsRole).min(1),
});

/** transport_and_format: the response envelope of every answer. */
export const Envelope = z.object({
  data: z.unknown().optional(),
  status_code: z.number().int().min(1000).max(4999),
  status_message: z.string().optional(),
  timestamp: ocpiDateTime,
});
export const envelopeOf = <T extends z.ZodType>(data: T) => Envelope.extend({ data });

export type Version = z.infer<typeof Version>;
export type Endpoint = z.infer<typeof Endpoint>;
export type VersionDetails = z.infer<typeof VersionDetails>;
export type Role = z.infer<typeof Role>;
export type CredentialsRole = z.infer<typeof CredentialsRole>;
export type Credentials = z.infer<typeof Credentials>;
export type Envelope = z.infer<typeof Envelope>;
