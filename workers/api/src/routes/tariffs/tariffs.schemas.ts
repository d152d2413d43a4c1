/** @module Shapes of the tariffs API (spec 7.21): snake_case, data in `data` as the spec says. */

import type { mpsTariffs, tariffs } from '@db/schema';
import {
  type ElementInput,
  ElementSchema,
  PAYMENT_TYPES,
  refineTariff,
  TARIFF_LIST_TYPES,
  TARIFF_TYPES,
  TariffFields,
  TariffInputSchema,
} from '@domain/tariffs/model';
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

const idParam = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 12 });

export const IdParams = z.object({ tariffId: idParam('tariffId') });
export const ChoiceQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  id: z.coerce.number().int().positive().optional(),
});
export const Choices = z
  .object({ data: z.array(z.object({ id: z.number(), name: z.string(), detail: z.string().nullable() })) })
  .openapi('TariffCustomerGroupChoices');
export const SessionParams = z.object({ sessionId: idParam('sessionId') });

/** `emsp` is accepted and stored as `emp`; `pending` lists the approval queue. */
const ListType = z.enum([...TARIFF_LIST_TYPES, 'emp', 'home_reimbursement'], { error: 'tariffTypeInvalid' });
export const ListParams = z.object({ type: ListType.openapi({ param: { name: 'type', in: 'path' } }) });
export const ScopedListParams = z.object({
  scopeId: idParam('scopeId'),
  type: ListType.openapi({ param: { name: 'type', in: 'path' } }),
});
export const ListQuery = z.object({
  ...pageQueryFields(10),
  /** `false`: every row (the reference list of spec 7.9). */
  paginate: z.enum(['true', 'false']).default('true'),
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(['pending', 'approved']).optional(),
});

const InputType = z.enum([...TARIFF_TYPES, 'emsp'], { error: 'tariffTypeInvalid' });
export const CreateBody = TariffFields.extend({
  type: InputType,
  /** Scope; defaults to the selected company. */
  company_id: z.number().int().positive().optional(),
}).superRefine(refineTariff);
export const UpdateBody = TariffInputSchema;
export const ComponentsBody = z.strictObject({
  elements: z.array(ElementSchema).min(1, { error: 'tariffElementsMissing' }).max(24),
});
export const VersionBody = z.strictObject({
  apply_from: z.iso.datetime({ offset: true, error: 'tariffDateInvalid' }),
});

export const PreviewBody = z.strictObject({
  tariff: TariffInputSchema,
  sample: z.strictObject({
    start: z.iso.datetime({ offset: true, error: 'tariffDateInvalid' }),
    /** Charging minutes, then idle (parked) minutes. */
    charging_minutes: z
      .number()
      .int()
      .min(0, { error: 'tariffNumberInvalid' })
      .max(7 * 24 * 60),
    idle_minutes: z
      .number()
      .int()
      .min(0, { error: 'tariffNumberInvalid' })
      .max(7 * 24 * 60)
      .default(0),
    kwh: z.number().min(0, { error: 'tariffNumberInvalid' }).max(10_000),
    time_zone: z.string().max(64).default('Europe/Paris'),
  }),
});

const TariffSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    type: z.enum(TARIFF_TYPES),
    status: z.enum(['pending', 'approved']),
    name: z.string(),
    label: z.string().nullable(),
    currency: z.string(),
    countries: z.array(z.string()),
    grace_time_s: z.number(),
    free_parking_s: z.number(),
    elements: z.array(ElementSchema),
    min_price_excl_vat: z.number().nullable(),
    max_price_excl_vat: z.number().nullable(),
    max_price_incl_vat: z.number().nullable(),
    vat_included: z.boolean(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    apply_from: z.string().nullable(),
    customer_group_id: z.number().nullable(),
    payment_type: z.enum(PAYMENT_TYPES).nullable(),
    emsp: z.string().nullable(),
    version_of: z.number().nullable(),
    version: z.number(),
    created_by: z.number().nullable(),
    approved_by: z.number().nullable(),
    approved_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string().nullable(),
  })
  .openapi('Tariff');
export type TariffOut = z.infer<typeof TariffSchema>;

export const TariffData = z.object({ data: TariffSchema }).openapi('TariffData');

/** Why a tariff can never price a session from now on (domain/tariffs/reach.ts), with the facts to word it. */
const ReachWarningSchema = z
  .object({
    code: z.enum([
      'validity_over',
      'validity_empty',
      'customer_group_deleted',
      'customer_group_missing',
      'no_station_in_countries',
      'shadowed',
    ]),
    criterion: z.enum(['apply_from', 'id', 'revenue_first']).optional(),
    tariffs: z
      .array(
        z.object({ id: z.number(), name: z.string(), type: z.string().nullable(), apply_from: z.string().nullable() }),
      )
      .optional(),
    until: z.string().optional(),
    customer_group_id: z.number().optional(),
    countries: z.array(z.string()).optional(),
    station_countries: z.array(z.string()).optional(),
  })
  .openapi('TariffReachWarning');

/** A saved tariff with the warnings of what approving it would do (empty when it can apply). */
export const TariffSaved = z
  .object({ data: TariffSchema, warnings: z.array(ReachWarningSchema) })
  .openapi('TariffSaved');

const named = z.object({ id: z.number(), name: z.string() });
export const ReachData = z
  .object({
    data: z.object({
      tariff_id: z.number(),
      status: z.enum(['pending', 'approved']),
      /** The session perspectives the tariff prices: emp (e-mobility provider), subcpo, owner. */
      perspectives: z.array(z.string()),
      companies: z.object({ total: z.number(), sample: z.array(named) }),
      stations: z.object({
        total: z.number(),
        in_countries: z.number(),
        by_country: z.array(z.object({ country: z.string().nullable(), count: z.number() })),
        sample: z.array(z.object({ id: z.number(), name: z.string(), country: z.string().nullable() })),
      }),
      groups: z.array(named),
      customer_group: z
        .object({ id: z.number(), name: z.string().nullable(), exists: z.boolean(), deleted: z.boolean() })
        .nullable(),
      payment_type: z.string().nullable(),
      mps: z.array(z.object({ company_id: z.number(), country_code: z.string(), type: z.string() })),
      window: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
      warnings: z.array(ReachWarningSchema),
    }),
  })
  .openapi('TariffReach');
export const TariffPage = pageOf(TariffSchema).openapi('TariffPage');

export const MpsBody = z.strictObject({
  type: InputType,
  country_code: z.string().regex(/^[A-Z]{2}$/, { error: 'tariffCountryInvalid' }),
  tariff_id: z.number().int().positive(),
});
export const MpsListQuery = z.object({
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'tariffCountryInvalid' })
    .optional(),
  /** `true`: every company of the scope, not only the selected one. */
  noCompany: z.enum(['true', 'false']).default('false'),
});
export const MpsListParams = z.object({
  type: z
    .enum([...TARIFF_TYPES, 'emsp'], { error: 'tariffTypeInvalid' })
    .openapi({ param: { name: 'type', in: 'path' } }),
});
const MpsSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    type: z.enum(TARIFF_TYPES),
    country_code: z.string(),
    tariff_id: z.number(),
    tariff_name: z.string().nullable(),
  })
  .openapi('MpsTariff');
export const MpsData = z.object({ data: MpsSchema });
export const MpsList = z.object({ data: z.array(MpsSchema) });
export const Items = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });
export const PreviewData = z.object({ data: z.any() });
export const RepriceData = z.object({
  data: z.object({
    session_id: z.number(),
    outcome: z.string(),
    note: z.string().nullable(),
    previous: z.record(z.string(), z.any()),
    current: z.record(z.string(), z.any()),
  }),
});

type TariffRow = typeof tariffs.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toTariff(t: TariffRow): TariffOut {
  return {
    id: t.id,
    company_id: t.companyId,
    type: t.type,
    status: t.status,
    name: t.name,
    label: t.label,
    currency: t.currency,
    countries: JSON.parse(t.countriesJson) as string[],
    grace_time_s: t.graceTimeS,
    free_parking_s: t.freeParkingS,
    elements: JSON.parse(t.elementsJson) as ElementInput[],
    min_price_excl_vat: t.minPriceExclVat,
    max_price_excl_vat: t.maxPriceExclVat,
    max_price_incl_vat: t.maxPriceInclVat,
    vat_included: t.vatIncluded,
    valid_from: iso(t.validFrom),
    valid_to: iso(t.validTo),
    apply_from: iso(t.applyFrom),
    customer_group_id: t.customerGroupId,
    payment_type: t.paymentType,
    emsp: t.emsp,
    version_of: t.versionOf,
    version: t.version,
    created_by: t.createdBy,
    approved_by: t.approvedBy,
    approved_at: iso(t.approvedAt),
    created_at: t.createdAt.toISOString(),
    updated_at: iso(t.updatedAt),
  };
}

export function toMps(m: typeof mpsTariffs.$inferSelect, tariffName: string | null) {
  return {
    id: m.id,
    company_id: m.companyId,
    type: m.type,
    country_code: m.countryCode,
    tariff_id: m.tariffId,
    tariff_name: tariffName,
  };
}
