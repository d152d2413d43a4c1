/**
 * @module The tariff form's state (strings, as typed) and its conversion to and from the API's
 * tariff: prices in major units with a decimal point (spec section 5) become ten-thousandths, VAT percent
 * becomes basis points, durations in minutes become seconds. Input that cannot be read is named per
 * field instead of being sent, so nothing typed is lost or silently changed.
 */
import { parseDecimal } from '../../lib/format';

export const DIMENSION_TYPES = ['FLAT', 'ENERGY', 'TIME', 'PARKING_TIME'] as const;
export type DimensionType = (typeof DIMENSION_TYPES)[number];
export const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export const PAYMENT_TYPES = ['qr', 'business_pass', 'ad_hoc'] as const;

let uidSeq = 0;
/** A stable React key for a row of the form (elements and components are added and removed). */
export const nextUid = () => `r${++uidSeq}`;

export interface ComponentForm {
  uid: string;
  type: DimensionType;
  price: string;
  vat: string;
  step: string;
}

export interface RestrictionsForm {
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string;
  minKwh: string;
  maxKwh: string;
  minPower: string;
  maxPower: string;
  minCurrent: string;
  maxCurrent: string;
  minDuration: string;
  maxDuration: string;
  days: string[];
}

export interface ElementForm {
  uid: string;
  components: ComponentForm[];
  restrictions: RestrictionsForm;
}

export interface TariffForm {
  name: string;
  label: string;
  currency: string;
  countries: string;
  graceTime: string;
  freeParking: string;
  elements: ElementForm[];
  minPrice: string;
  maxPriceExcl: string;
  maxPriceIncl: string;
  vatIncluded: boolean;
  validFrom: string;
  validTo: string;
  applyFrom: string;
  customerGroupId: string;
  paymentType: string;
}

export interface SampleForm {
  start: string;
  chargingMinutes: string;
  idleMinutes: string;
  kwh: string;
}

export const emptyRestrictions = (): RestrictionsForm => ({
  startTime: '',
  endTime: '',
  startDate: '',
  endDate: '',
  minKwh: '',
  maxKwh: '',
  minPower: '',
  maxPower: '',
  minCurrent: '',
  maxCurrent: '',
  minDuration: '',
  maxDuration: '',
  days: [],
});

export const emptyComponent = (type: DimensionType = 'ENERGY'): ComponentForm => ({
  uid: nextUid(),
  type,
  price: '',
  vat: '20',
  step: type === 'FLAT' ? '0' : '1',
});

export const emptyElement = (): ElementForm => ({
  uid: nextUid(),
  components: [emptyComponent('ENERGY')],
  restrictions: emptyRestrictions(),
});

export const emptyForm = (): TariffForm => ({
  name: '',
  label: '',
  currency: 'EUR',
  countries: '',
  graceTime: '0',
  freeParking: '0',
  elements: [emptyElement()],
  minPrice: '',
  maxPriceExcl: '',
  maxPriceIncl: '',
  vatIncluded: true,
  validFrom: '',
  validTo: '',
  applyFrom: '',
  customerGroupId: '',
  paymentType: '',
});

/** API field path → i18n key of the client-side problem. */
export type FieldErrors = Record<string, string>;

/** "0.25" → 0.25 (app/lib/format.ts `parseDecimal`: a dot, never a comma); null for anything else (empty included). */
export function readDecimal(s: string): number | null {
  const r = parseDecimal(s);
  return r.ok ? r.value : null;
}

const scale = (v: number, factor: number) => Math.round(v * factor);

export interface ApiTariffBody {
  name: string;
  label: string | null;
  currency: string;
  countries: string[];
  grace_time_s: number;
  free_parking_s: number;
  elements: {
    price_components: { type: DimensionType; price: number; vat_bp: number | null; step_size: number }[];
    restrictions?: Record<string, unknown>;
  }[];
  min_price_excl_vat: number | null;
  max_price_excl_vat: number | null;
  max_price_incl_vat: number | null;
  vat_included: boolean;
  valid_from: string | null;
  valid_to: string | null;
  apply_from: string | null;
  customer_group_id: number | null;
  payment_type: (typeof PAYMENT_TYPES)[number] | null;
}

/** The API body, or the fields that cannot be read (paths as the API names them). */
export function toApiBody(f: TariffForm): { body: ApiTariffBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const num = (path: string, s: string, factor: number, optional: boolean): number | null => {
    if (s.trim() === '') {
      if (!optional) errors[path] = 'tariffs.errors.required';
      return null;
    }
    const v = readDecimal(s);
    if (v === null) {
      errors[path] = 'tariffs.errors.number';
      return null;
    }
    return scale(v, factor);
  };
  const elements = f.elements.map((e, i) => {
    const price_components = e.components.map((c, j) => {
      const p = `elements.${i}.price_components.${j}`;
      return {
        type: c.type,
        price: num(`${p}.price`, c.price, 10_000, false) ?? 0,
        vat_bp: c.vat.trim() === '' ? null : num(`${p}.vat_bp`, c.vat, 100, true),
        step_size: num(`${p}.step_size`, c.step || '0', 1, true) ?? 0,
      };
    });
    const r = e.restrictions;
    const rp = `elements.${i}.restrictions`;
    const restrictions: Record<string, unknown> = {};
    const put = (key: string, value: unknown) => {
      if (value !== null && value !== '' && value !== undefined) restrictions[key] = value;
    };
    put('start_time', r.startTime.trim());
    put('end_time', r.endTime.trim());
    put('start_date', r.startDate.trim());
    put('end_date', r.endDate.trim());
    put('min_kwh', num(`${rp}.min_kwh`, r.minKwh, 1, true));
    put('max_kwh', num(`${rp}.max_kwh`, r.maxKwh, 1, true));
    put('min_power', num(`${rp}.min_power`, r.minPower, 1, true));
    put('max_power', num(`${rp}.max_power`, r.maxPower, 1, true));
    put('min_current', num(`${rp}.min_current`, r.minCurrent, 1, true));
    put('max_current', num(`${rp}.max_current`, r.maxCurrent, 1, true));
    put('min_duration', num(`${rp}.min_duration`, r.minDuration, 60, true));
    put('max_duration', num(`${rp}.max_duration`, r.maxDuration, 60, true));
    if (r.days.length > 0) restrictions.day_of_week = r.days;
    return { price_components, ...(Object.keys(restrictions).length > 0 ? { restrictions } : {}) };
  });
  const day = (s: string) => (s.trim() ? `${s.trim()}T00:00:00Z` : null);
  const group = f.customerGroupId.trim();
  if (group && !/^\d+$/.test(group)) errors.customer_group_id = 'tariffs.errors.number';
  const body: ApiTariffBody = {
    name: f.name,
    label: f.label.trim() || null,
    currency: f.currency.trim().toUpperCase(),
    countries: f.countries
      .split(/[\s,;]+/)
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
    grace_time_s: num('grace_time_s', f.graceTime || '0', 1, true) ?? 0,
    free_parking_s: num('free_parking_s', f.freeParking || '0', 60, true) ?? 0,
    elements,
    min_price_excl_vat: num('min_price_excl_vat', f.minPrice, 100, true),
    max_price_excl_vat: num('max_price_excl_vat', f.maxPriceExcl, 100, true),
    max_price_incl_vat: num('max_price_incl_vat', f.maxPriceIncl, 100, true),
    vat_included: f.vatIncluded,
    valid_from: day(f.validFrom),
    valid_to: day(f.validTo),
    apply_from: day(f.applyFrom),
    customer_group_id: group && /^\d+$/.test(group) ? Number(group) : null,
    payment_type: (PAYMENT_TYPES as readonly string[]).includes(f.paymentType)
      ? (f.paymentType as ApiTariffBody['payment_type'])
      : null,
  };
  return { body, errors };
}

const dec = (v: number | null | undefined, factor: number) =>
  v === null || v === undefined ? '' : String(Math.round((v / factor) * 10_000) / 10_000);
const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The form of a stored tariff (edit). */
export function fromApiTariff(t: ApiTariffBody): TariffForm {
  return {
    name: t.name,
    label: t.label ?? '',
    currency: t.currency,
    countries: t.countries.join(', '),
    graceTime: String(t.grace_time_s),
    freeParking: dec(t.free_parking_s, 60),
    elements: t.elements.map((e) => {
      const r = (e.restrictions ?? {}) as Record<string, unknown>;
      const s = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : '');
      const n = (k: string, factor = 1) => (typeof r[k] === 'number' ? dec(r[k] as number, factor) : '');
      return {
        uid: nextUid(),
        components: e.price_components.map((c) => ({
          uid: nextUid(),
          type: c.type,
          price: dec(c.price, 10_000),
          vat: c.vat_bp === null ? '' : dec(c.vat_bp, 100),
          step: String(c.step_size),
        })),
        restrictions: {
          startTime: s('start_time'),
          endTime: s('end_time'),
          startDate: s('start_date'),
          endDate: s('end_date'),
          minKwh: n('min_kwh'),
          maxKwh: n('max_kwh'),
          minPower: n('min_power'),
          maxPower: n('max_power'),
          minCurrent: n('min_current'),
          maxCurrent: n('max_current'),
          minDuration: n('min_duration', 60),
          maxDuration: n('max_duration', 60),
          days: Array.isArray(r.day_of_week) ? (r.day_of_week as string[]) : [],
        },
      };
    }),
    minPrice: dec(t.min_price_excl_vat, 100),
    maxPriceExcl: dec(t.max_price_excl_vat, 100),
    maxPriceIncl: dec(t.max_price_incl_vat, 100),
    vatIncluded: t.vat_included,
    validFrom: dayOf(t.valid_from),
    validTo: dayOf(t.valid_to),
    applyFrom: dayOf(t.apply_from),
    customerGroupId: t.customer_group_id === null ? '' : String(t.customer_group_id),
    paymentType: t.payment_type ?? '',
  };
}

/** The preview's sample, or null while it cannot be read. */
export function sampleBody(s: SampleForm) {
  const kwh = readDecimal(s.kwh);
  const charging = readDecimal(s.chargingMinutes);
  const idle = s.idleMinutes.trim() === '' ? 0 : readDecimal(s.idleMinutes);
  const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s.start) ? Date.parse(`${s.start}:00Z`) : Number.NaN;
  if (kwh === null || charging === null || idle === null || Number.isNaN(start)) return null;
  return {
    start: new Date(start).toISOString(),
    charging_minutes: Math.round(charging),
    idle_minutes: Math.round(idle),
    kwh,
  };
}
