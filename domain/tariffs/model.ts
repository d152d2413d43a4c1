/**
 * @module The stored tariff (spec section 3, Tariff; section 4, pending → approved) as the API and
 * the screens exchange it, and its conversion into the pricing engine's `Tariff`. Elements are
 * validated here with zod against the engine's model (domain/pricing/types.ts), so a tariff that was
 * accepted can always be priced.
 */
import { z } from 'zod';
import { DAYS_OF_WEEK, DIMENSIONS, type Tariff } from '../pricing/types';

/** Stored types; `emsp` is accepted on input and stored and sent as `emp` (spec 7.21). */
export const TARIFF_TYPES = ['cpo', 'emp', 'owner', 'revenue', 'home_reimbursement'] as const;
export type TariffType = (typeof TARIFF_TYPES)[number];
/** The list tabs of /tariffs/type/{type}: the types plus the pending queue. */
export const TARIFF_LIST_TYPES = ['cpo', 'emsp', 'owner', 'revenue', 'pending'] as const;
export const TARIFF_STATUSES = ['pending', 'approved'] as const;
export type TariffStatus = (typeof TARIFF_STATUSES)[number];
export const PAYMENT_TYPES = ['qr', 'business_pass', 'ad_hoc'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** `emsp` → `emp`; everything else unchanged (undefined for an unknown word). */
export function storedType(type: string): TariffType | undefined {
  const t = type === 'emsp' ? 'emp' : type;
  return (TARIFF_TYPES as readonly string[]).includes(t) ? (t as TariffType) : undefined;
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'tariffTimeInvalid' });
const day = z.iso.date({ error: 'tariffDateInvalid' });
const nonNeg = z.number({ error: 'tariffNumberInvalid' }).min(0, { error: 'tariffNumberInvalid' }).max(1_000_000);

export const PriceComponentSchema = z.strictObject({
  type: z.enum(DIMENSIONS, { error: 'tariffDimensionInvalid' }),
  /** Excl. VAT, in ten-thousandths of the major unit (0.25 EUR → 2500). */
  price: z
    .number({ error: 'tariffPriceInvalid' })
    .int({ error: 'tariffPriceInvalid' })
    .min(0, { error: 'tariffPriceInvalid' })
    .max(100_000_000, { error: 'tariffPriceInvalid' }),
  /** Basis points (20 % → 2000); null = no VAT applicable. */
  vat_bp: z
    .number({ error: 'tariffVatInvalid' })
    .int({ error: 'tariffVatInvalid' })
    .min(0, { error: 'tariffVatInvalid' })
    .max(10_000, { error: 'tariffVatInvalid' })
    .nullable(),
  /** Wh (ENERGY) or seconds (TIME, PARKING_TIME); ignored for FLAT. */
  step_size: z
    .number({ error: 'tariffStepInvalid' })
    .int({ error: 'tariffStepInvalid' })
    .min(0, { error: 'tariffStepInvalid' })
    .max(86_400_000, { error: 'tariffStepInvalid' })
    .default(1),
});

export const RestrictionsSchema = z
  .strictObject({
    start_time: hhmm.optional(),
    end_time: hhmm.optional(),
    start_date: day.optional(),
    end_date: day.optional(),
    min_kwh: nonNeg.optional(),
    max_kwh: nonNeg.optional(),
    min_current: nonNeg.optional(),
    max_current: nonNeg.optional(),
    min_power: nonNeg.optional(),
    max_power: nonNeg.optional(),
    min_duration: nonNeg.optional(),
    max_duration: nonNeg.optional(),
    day_of_week: z
      .array(z.enum(DAYS_OF_WEEK, { error: 'tariffDayInvalid' }))
      .max(7)
      .optional(),
  })
  .superRefine((r, ctx) => {
    const pairs = [
      ['min_kwh', 'max_kwh'],
      ['min_current', 'max_current'],
      ['min_power', 'max_power'],
      ['min_duration', 'max_duration'],
    ] as const;
    for (const [lo, hi] of pairs) {
      const a = r[lo];
      const b = r[hi];
      if (a !== undefined && b !== undefined && b <= a)
        ctx.addIssue({ code: 'custom', path: [hi], message: 'tariffRangeInvalid' });
    }
    if (r.start_date && r.end_date && r.end_date <= r.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'tariffRangeInvalid' });
    }
    if ((r.start_time === undefined) !== (r.end_time === undefined)) {
      ctx.addIssue({ code: 'custom', path: [r.start_time ? 'end_time' : 'start_time'], message: 'tariffTimePair' });
    }
  });

export const ElementSchema = z.strictObject({
  price_components: z.array(PriceComponentSchema).min(1, { error: 'tariffComponentsMissing' }).max(8),
  restrictions: RestrictionsSchema.optional(),
});

const minorAmount = z
  .number({ error: 'tariffAmountInvalid' })
  .int({ error: 'tariffAmountInvalid' })
  .min(0, { error: 'tariffAmountInvalid' })
  .max(100_000_000, { error: 'tariffAmountInvalid' });
const instant = z.iso.datetime({ offset: true, error: 'tariffDateInvalid' });

/** The editable fields of a tariff (create and update of a pending one). */
export const TariffFields = z.strictObject({
  name: z.string({ error: 'tariffNameMissing' }).trim().min(1, { error: 'tariffNameMissing' }).max(120),
  label: z.string().trim().max(120).nullable().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'tariffCurrencyInvalid' })
    .default('EUR'),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, { error: 'tariffCountryInvalid' }))
    .max(60)
    .default([]),
  grace_time_s: z.number().int().min(0, { error: 'tariffNumberInvalid' }).max(86_400).default(0),
  free_parking_s: z
    .number()
    .int()
    .min(0, { error: 'tariffNumberInvalid' })
    .max(86_400 * 7)
    .default(0),
  elements: z.array(ElementSchema).min(1, { error: 'tariffElementsMissing' }).max(24),
  min_price_excl_vat: minorAmount.nullable().default(null),
  max_price_excl_vat: minorAmount.nullable().default(null),
  max_price_incl_vat: minorAmount.nullable().default(null),
  vat_included: z.boolean().default(true),
  valid_from: instant.nullable().default(null),
  valid_to: instant.nullable().default(null),
  apply_from: instant.nullable().default(null),
  customer_group_id: z.number().int().positive().nullable().default(null),
  payment_type: z.enum(PAYMENT_TYPES, { error: 'tariffPaymentTypeInvalid' }).nullable().default(null),
  emsp: z.string().trim().max(120).nullable().default(null),
});

type TariffFieldValues = z.infer<typeof TariffFields>;

/** Cross-field rules of a tariff: ranges in order, a max incl. VAT only with the max excl. VAT. */
export function refineTariff(t: TariffFieldValues, ctx: z.RefinementCtx) {
  if (t.valid_from && t.valid_to && Date.parse(t.valid_to) <= Date.parse(t.valid_from)) {
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'tariffRangeInvalid' });
  }
  if (t.max_price_incl_vat !== null && t.max_price_excl_vat === null) {
    ctx.addIssue({ code: 'custom', path: ['max_price_excl_vat'], message: 'tariffMaxPriceExclMissing' });
  }
  if (t.min_price_excl_vat !== null && t.max_price_excl_vat !== null && t.max_price_excl_vat < t.min_price_excl_vat) {
    ctx.addIssue({ code: 'custom', path: ['max_price_excl_vat'], message: 'tariffRangeInvalid' });
  }
}

export const TariffInputSchema = TariffFields.superRefine(refineTariff);

export type TariffInput = z.infer<typeof TariffInputSchema>;
export type ElementInput = z.infer<typeof ElementSchema>;

/** What the engine needs of a stored tariff. */
export interface StoredTariffForEngine {
  id: number;
  currency: string;
  elements: readonly ElementInput[];
  graceTimeS: number;
  freeParkingS: number;
  minPriceExclVat: number | null;
  maxPriceExclVat: number | null;
  maxPriceInclVat: number | null;
  vatIncluded: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  applyFrom: Date | null;
}

/** The engine's Tariff. The version starts at the later of valid-from and apply-from. */
export function toEngineTariff(t: StoredTariffForEngine): Tariff {
  const from = Math.max(
    t.validFrom?.getTime() ?? Number.NEGATIVE_INFINITY,
    t.applyFrom?.getTime() ?? Number.NEGATIVE_INFINITY,
  );
  return {
    id: String(t.id),
    currency: t.currency,
    elements: t.elements.map((e) => ({
      priceComponents: e.price_components.map((p) => ({
        type: p.type,
        price: p.price,
        vatBp: p.vat_bp,
        stepSize: p.step_size,
      })),
      ...(e.restrictions ? { restrictions: engineRestrictions(e.restrictions) } : {}),
    })),
    ...(t.minPriceExclVat !== null ? { minPrice: { exclVat: t.minPriceExclVat } } : {}),
    ...(t.maxPriceExclVat !== null
      ? {
          maxPrice: {
            exclVat: t.maxPriceExclVat,
            ...(t.maxPriceInclVat !== null ? { inclVat: t.maxPriceInclVat } : {}),
          },
        }
      : {}),
    ...(Number.isFinite(from) ? { validFrom: from } : {}),
    ...(t.validTo ? { validTo: t.validTo.getTime() } : {}),
    ...(t.graceTimeS > 0 ? { graceTimeS: t.graceTimeS } : {}),
    ...(t.freeParkingS > 0 ? { freeParkingS: t.freeParkingS } : {}),
    display: t.vatIncluded ? 'included' : 'net',
  };
}

type R = NonNullable<ElementInput['restrictions']>;
function engineRestrictions(r: R) {
  const out: Record<string, unknown> = {};
  const map: [keyof R, string][] = [
    ['start_time', 'startTime'],
    ['end_time', 'endTime'],
    ['start_date', 'startDate'],
    ['end_date', 'endDate'],
    ['min_kwh', 'minKwh'],
    ['max_kwh', 'maxKwh'],
    ['min_current', 'minCurrent'],
    ['max_current', 'maxCurrent'],
    ['min_power', 'minPower'],
    ['max_power', 'maxPower'],
    ['min_duration', 'minDuration'],
    ['max_duration', 'maxDuration'],
    ['day_of_week', 'dayOfWeek'],
  ];
  for (const [from, to] of map) if (r[from] !== undefined) out[to] = r[from];
  return out;
}
