/**
 * @module OCPI 2.2.1 tariffs module (mod_tariffs.asciidoc), pure: the Tariff object as zod schemas written
 * from the reference (every tariff example parses, tariffs.test.ts), and our tariff model as OCPI
 * tariffs. Our elements are already OCPI-shaped (ADR 009: the engine prices OCPI elements), so the
 * conversion is units: prices in ten-thousandths → decimal numbers, VAT in basis points → percent,
 * minimum and maximum prices in minor units → decimal. A tariff is sent to a peering per the spec's
 * "associated EMSP" field: a tariff without one applies to every partner, a tariff naming one only to
 * that partner (`tariffForPeering`).
 */
import { z } from 'zod';
import type { ElementInput, PaymentType } from '../tariffs/model';
import { ocpiTime } from './location-values';
import { DisplayText, EnergyMix } from './locations';
import { ciString, ocpiDateTime, ocpiUrl } from './schemas';

export const TariffDimensionType = z.enum(['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME']);
export const DayOfWeek = z.enum(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
export const ReservationRestrictionType = z.enum(['RESERVATION', 'RESERVATION_EXPIRES']);
export const TariffType = z.enum(['AD_HOC_PAYMENT', 'PROFILE_CHEAP', 'PROFILE_FAST', 'PROFILE_GREEN', 'REGULAR']);

/** types: Price. */
export const Price = z.object({ excl_vat: z.number().min(0), incl_vat: z.number().min(0).optional() });

export const PriceComponent = z.object({
  type: TariffDimensionType,
  price: z.number().min(0),
  vat: z.number().min(0).optional(),
  step_size: z.number().int().min(0),
});

const hhmm = z.string().regex(/^([0-1][0-9]|2[0-3]):[0-5][0-9]$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const TariffRestrictions = z.object({
  start_time: hhmm.optional(),
  end_time: hhmm.optional(),
  start_date: date.optional(),
  end_date: date.optional(),
  min_kwh: z.number().min(0).optional(),
  max_kwh: z.number().min(0).optional(),
  min_current: z.number().min(0).optional(),
  max_current: z.number().min(0).optional(),
  min_power: z.number().min(0).optional(),
  max_power: z.number().min(0).optional(),
  min_duration: z.number().int().min(0).optional(),
  max_duration: z.number().int().min(0).optional(),
  day_of_week: z.array(DayOfWeek).optional(),
  reservation: ReservationRestrictionType.optional(),
});

export const TariffElement = z.object({
  price_components: z.array(PriceComponent).min(1),
  restrictions: TariffRestrictions.optional(),
});

export const Tariff = z.object({
  country_code: ciString(2).length(2),
  party_id: ciString(3).length(3),
  id: ciString(36).min(1),
  currency: z.string().length(3),
  type: TariffType.optional(),
  tariff_alt_text: z.array(DisplayText).optional(),
  tariff_alt_url: ocpiUrl.optional(),
  min_price: Price.optional(),
  max_price: Price.optional(),
  elements: z.array(TariffElement).min(1),
  start_date_time: ocpiDateTime.optional(),
  end_date_time: ocpiDateTime.optional(),
  energy_mix: EnergyMix.optional(),
  last_updated: ocpiDateTime,
});

export type Tariff = z.infer<typeof Tariff>;

// ---------------------------------------------------------------------------------------------------
// Our tariffs as OCPI tariffs.

/** What the conversion reads of a stored tariff (drizzle `tariffs` row, elements parsed). */
export interface StoredTariff {
  id: number;
  versionOf: number | null;
  currency: string;
  elements: readonly ElementInput[];
  graceTimeS: number;
  freeParkingS: number;
  minPriceExclVat: number | null;
  maxPriceExclVat: number | null;
  maxPriceInclVat: number | null;
  validFrom: Date | null;
  validTo: Date | null;
  applyFrom: Date | null;
  paymentType: PaymentType | null;
  emsp: string | null;
  createdAt: Date;
  updatedAt: Date | null;
  approvedAt: Date | null;
}

/** The OCPI id of a tariff: its first version's id, so every version of the chain is the same OCPI tariff. */
export const ocpiTariffId = (t: { id: number; versionOf: number | null }) => String(t.versionOf ?? t.id);

/** Ten-thousandths of the major unit → decimal, and basis points → percent, without float noise. */
const dec4 = (n: number) => Number((n / 10_000).toFixed(4));
const percent = (bp: number) => Number((bp / 100).toFixed(2));
const major = (minor: number) => Number((minor / 100).toFixed(2));

/**
 * A stored tariff as an OCPI Tariff of our CPO party. Ad-hoc payment tariffs are AD_HOC_PAYMENT; others
 * carry no type (valid for all sessions). Grace time and free parking, which OCPI elements cannot
 * express, are said in `tariff_alt_text` (English): the CDR carries the price as we computed it.
 */
export function ocpiTariffOf(t: StoredTariff, party: { countryCode: string; partyId: string }): Tariff {
  const from = Math.max(t.validFrom?.getTime() ?? 0, t.applyFrom?.getTime() ?? 0);
  const notes: string[] = [];
  if (t.graceTimeS > 0) notes.push(`The first ${Math.round(t.graceTimeS / 60)} minutes are free of charge.`);
  if (t.freeParkingS > 0) notes.push(`The first ${Math.round(t.freeParkingS / 60)} minutes of parking are free.`);
  return {
    country_code: party.countryCode,
    party_id: party.partyId,
    id: ocpiTariffId(t),
    currency: t.currency,
    ...(t.paymentType === 'ad_hoc' ? { type: 'AD_HOC_PAYMENT' as const } : {}),
    ...(notes.length > 0 ? { tariff_alt_text: [{ language: 'en', text: notes.join(' ') }] } : {}),
    ...(t.minPriceExclVat !== null ? { min_price: { excl_vat: major(t.minPriceExclVat) } } : {}),
    ...(t.maxPriceExclVat !== null
      ? {
          max_price: {
            excl_vat: major(t.maxPriceExclVat),
            ...(t.maxPriceInclVat !== null ? { incl_vat: major(t.maxPriceInclVat) } : {}),
          },
        }
      : {}),
    elements: t.elements.map((e) => ({
      price_components: e.price_components.map((p) => ({
        type: p.type,
        price: dec4(p.price),
        ...(p.vat_bp !== null ? { vat: percent(p.vat_bp) } : {}),
        step_size: p.step_size,
      })),
      ...(e.restrictions && Object.keys(e.restrictions).length > 0 ? { restrictions: { ...e.restrictions } } : {}),
    })),
    ...(from > 0 ? { start_date_time: ocpiTime(new Date(from)) } : {}),
    ...(t.validTo ? { end_date_time: ocpiTime(t.validTo) } : {}),
    last_updated: ocpiTime(
      new Date(Math.max(t.createdAt.getTime(), t.updatedAt?.getTime() ?? 0, t.approvedAt?.getTime() ?? 0)),
    ),
  };
}

/** A partner as the "associated EMSP" rule sees it: its peering name and the parties it registered. */
export interface PeeringIdentity {
  id: number;
  name: string;
  roles: readonly { role: string; country_code: string; party_id: string }[];
}

/**
 * Whether a tariff goes to this peering (spec section 3, Tariff "associated EMSP"): a tariff without an
 * associated EMSP applies to every partner's drivers; one naming an EMSP only to the peering it names,
 * by peering id, peering name, or the partner's EMSP party (`FR*ABC`, `FRABC` or `ABC`), case-insensitive.
 */
export function tariffForPeering(emsp: string | null, peering: PeeringIdentity): boolean {
  const wanted = emsp?.trim().toUpperCase();
  if (!wanted) return true;
  if (wanted === String(peering.id) || wanted === peering.name.trim().toUpperCase()) return true;
  return peering.roles
    .filter((r) => r.role === 'EMSP')
    .some((r) => {
      const cc = r.country_code.toUpperCase();
      const pid = r.party_id.toUpperCase();
      return wanted === `${cc}*${pid}` || wanted === `${cc}${pid}` || wanted === `${cc}-${pid}` || wanted === pid;
    });
}

/**
 * The tariffs a peering receives from an operator's approved CPO tariffs: one per chain (the latest
 * approved version), those of customer groups left out (they price our own customers), QR and business
 * pass tariffs left out (not roaming payment), and the associated EMSP rule applied.
 */
export function tariffsForPeering<
  T extends {
    id: number;
    versionOf: number | null;
    version: number;
    customerGroupId: number | null;
    paymentType: PaymentType | null;
    emsp: string | null;
  },
>(rows: readonly T[], peering: PeeringIdentity): T[] {
  const latest = new Map<string, T>();
  for (const row of rows) {
    const key = ocpiTariffId(row);
    const seen = latest.get(key);
    if (!seen || row.version > seen.version) latest.set(key, row);
  }
  return [...latest.values()]
    .filter((t) => t.customerGroupId === null && (t.paymentType === null || t.paymentType === 'ad_hoc'))
    .filter((t) => tariffForPeering(t.emsp, peering))
    .sort((a, b) => Number(ocpiTariffId(a)) - Number(ocpiTariffId(b)));
}
