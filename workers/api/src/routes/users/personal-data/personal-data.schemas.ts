/**
 * @module Personal data of a driver (spec 1 section 3; spec 2 7.8 update-user-data): input and answer
 * shapes, shared by the fleet admin's routes and the driver's own (/my-data), and the mapping of rows to them.
 */

import type { stations, userPersonalData, users } from '@db/schema';
import { isIsoCountry } from '@domain/self-service/countries';
import { maskIban, maskSecret } from '@domain/self-service/iban';
import { z } from '@hono/zod-openapi';
import { LANGUAGES } from '@i18n/languages';

const text = (max: number) => z.string().trim().max(max).nullable().optional();

/** Only the fields sent change; null clears a field. IBAN and SSN are never sent back in clear. */
export const UpdateUserDataBody = z
  .strictObject({
    firstName: text(100),
    lastName: text(100),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isIsoCountry, { error: 'countryInvalid' })
      .nullable()
      .optional()
      .openapi({ description: 'ISO 3166-1 alpha-2 code', example: 'FR' }),
    city: text(100),
    district: text(100),
    street: text(200),
    streetNumber: text(20),
    zip: text(20),
    autoRechargeEnabled: z.boolean().optional(),
    stationId: z.number().int().positive().nullable().optional(),
    iban: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .openapi({ description: 'Spaces allowed; stored upper case without spaces; null removes it' }),
    ibanOwner: text(140),
    ssn: z
      .string()
      .trim()
      .max(40)
      .nullable()
      .optional()
      .openapi({ description: 'SSN or national id; null removes it' }),
    lang: z.enum(LANGUAGES, { error: 'languageInvalid' }).optional(),
  })
  .openapi('UpdateUserDataBody');

export const UserDataSchema = z
  .object({
    userId: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    district: z.string().nullable(),
    street: z.string().nullable(),
    streetNumber: z.string().nullable(),
    zip: z.string().nullable(),
    autoRechargeEnabled: z.boolean(),
    stationId: z.number().nullable(),
    stationName: z.string().nullable(),
    /** e.g. `DE•• •••• 3000`; the IBAN itself is never answered. */
    ibanMasked: z.string().nullable(),
    ibanOwner: z.string().nullable(),
    ssnMasked: z.string().nullable(),
    lang: z.string(),
    updatedAt: z.string().nullable(),
  })
  .openapi('UserData');

export const UsableStationsSchema = z.object({
  data: z.array(
    z.object({ id: z.number(), name: z.string(), uid: z.string(), type: z.string(), city: z.string().nullable() }),
  ),
});

export const UserIdParam = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'userId', in: 'path' } }),
});

export const StationsQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
});

export type UserData = z.infer<typeof UserDataSchema>;

/** The answer: the user's own columns and their personal-data row (none yet reads as empty); IBAN and SSN masked. */
export function toUserData(
  u: typeof users.$inferSelect,
  d: typeof userPersonalData.$inferSelect | undefined,
  stationName: string | null,
): UserData {
  return {
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    country: d?.country ?? null,
    city: d?.city ?? null,
    district: d?.district ?? null,
    street: d?.street ?? null,
    streetNumber: d?.streetNumber ?? null,
    zip: d?.zip ?? null,
    autoRechargeEnabled: d?.autoRechargeEnabled ?? false,
    stationId: d?.stationId ?? null,
    stationName,
    ibanMasked: maskIban(d?.ibanCountry ?? null, d?.ibanLast4 ?? null),
    ibanOwner: u.ibanOwner,
    ssnMasked: maskSecret(u.ssn),
    lang: u.language,
    updatedAt: (d?.updatedAt ?? u.updatedAt)?.toISOString() ?? null,
  };
}

export const toUsableStations = (
  rows: Pick<typeof stations.$inferSelect, 'id' | 'name' | 'uid' | 'type' | 'city'>[],
) => ({
  data: rows.map(({ id, name, uid, type, city }) => ({ id, name, uid, type, city })),
});
