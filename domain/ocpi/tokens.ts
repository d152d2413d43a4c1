/**
 * @module OCPI 2.2.1 tokens module (mod_tokens.asciidoc) as zod schemas, and the pure rules of the
 * tokens receiver we are as CPO: which cached token is applied (idempotent by `last_updated`), and how
 * a token presented at one of our stations is authorized by its whitelist type.
 */
import { z } from 'zod';
import { ciString, countryCode, ocpiDateTime, partyId } from './schemas';

/** types: DisplayText. */
export const DisplayText = z.object({ language: z.string().length(2), text: z.string().max(512) });
export const TokenType = z.enum(['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID']);
export const WhitelistType = z.enum(['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER']);
export const AllowedType = z.enum(['ALLOWED', 'BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED']);
/** mod_sessions: ProfileType. */
export const ProfileType = z.enum(['CHEAP', 'FAST', 'GREEN', 'REGULAR']);
export const EnergyContract = z.object({
  supplier_name: z.string().max(64),
  contract_id: z.string().max(64).optional(),
});
export const LocationReferences = z.object({
  location_id: ciString(36).min(1),
  evse_uids: z.array(ciString(36).min(1)).optional(),
});
export const Token = z.object({
  country_code: countryCode,
  party_id: partyId,
  uid: ciString(36).min(1),
  type: TokenType,
  contract_id: ciString(36).min(1),
  visual_number: z.string().max(64).optional(),
  issuer: z.string().max(64),
  group_id: ciString(36).optional(),
  valid: z.boolean(),
  whitelist: WhitelistType,
  language: z.string().length(2).optional(),
  default_profile_type: ProfileType.optional(),
  energy_contract: EnergyContract.optional(),
  last_updated: ocpiDateTime,
});
/** A PATCH: any of the token's fields, `last_updated` required (transport_and_format, "PATCH"). */
export const TokenPatch = Token.partial().required({ last_updated: true });
export const AuthorizationInfo = z.object({
  allowed: AllowedType,
  token: Token,
  location: LocationReferences.optional(),
  authorization_reference: ciString(36).optional(),
  info: DisplayText.optional(),
});

export type TokenType = z.infer<typeof TokenType>;
export type WhitelistType = z.infer<typeof WhitelistType>;
export type AllowedType = z.infer<typeof AllowedType>;
export type LocationReferences = z.infer<typeof LocationReferences>;
export type Token = z.infer<typeof Token>;
export type TokenPatch = z.infer<typeof TokenPatch>;
export type AuthorizationInfo = z.infer<typeof AuthorizationInfo>;

/** OCPI DateTime (UTC, with or without the Z and fractions) as epoch milliseconds. */
export const ocpiTime = (value: string) => Date.parse(/[zZ]$|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`);

/**
 * Whether an incoming PUT/PATCH stamped `incoming` replaces what we hold (stamped `stored`, or nothing):
 * only a strictly newer one does, so a late or duplicated message never overwrites newer data.
 */
export const isNewer = (incoming: string, stored: Date | null | undefined) =>
  !stored || ocpiTime(incoming) > stored.getTime();

/** A token as we cache it, for the authorization rules. */
export interface CachedToken {
  valid: boolean;
  whitelist: WhitelistType;
}

/**
 * What the cache alone says of a token presented at a station, before any real-time call:
 * `accept`: ALWAYS and valid (the CPO shall allow it without asking); `refuse`: not valid (the eMSP
 * told us so); `ask`: ALLOWED, ALLOWED_OFFLINE or NEVER: real-time authorization with the eMSP.
 */
export function cachedVerdict(token: CachedToken): 'accept' | 'refuse' | 'ask' {
  if (token.whitelist === 'ALWAYS') return token.valid ? 'accept' : 'refuse';
  return 'ask';
}

/**
 * When the eMSP did not answer a real-time authorization (down, timeout, error): ALLOWED and
 * ALLOWED_OFFLINE fall back to the cached token (allowed when valid); NEVER is refused.
 */
export const fallbackWithoutAnswer = (token: CachedToken) => token.whitelist !== 'NEVER' && token.valid;
