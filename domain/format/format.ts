/**
 * @module The one number, money and date module of the product (issue 24 §6: decimal rules
 * disagreed): the app's screens (through `~/lib/format`), the session exports, the PDFs and the tariff
 * lines all format through it.
 * Display follows the company's number format (spec section 9): en-GB for a GBP company, it-IT
 * (decimal comma) otherwise, whatever the UI language; every input takes a dot as decimal
 * separator (spec section 5), read by `parseDecimal` — a comma is refused with its own reason, never
 * guessed. Dates day/month/year with time (month/day/year in English); times in the company's time
 * zone, Europe/Paris (CET/CEST) by default.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Paris';
export const DEFAULT_CURRENCY = 'EUR';

/**
 * The number locale the spec fixes: en-GB for pounds, it-IT (1.234,56) for everything else.
 * Thousands are always grouped (CLDR leaves 4-digit Italian numbers ungrouped, which reads badly in tables).
 */
export function numberLocale(currency: string = DEFAULT_CURRENCY): 'en-GB' | 'it-IT' {
  return currency.toUpperCase() === 'GBP' ? 'en-GB' : 'it-IT';
}

export interface NumberOptions {
  currency?: string;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

type NumberStyle = Pick<
  Intl.NumberFormatOptions,
  'style' | 'currency' | 'minimumFractionDigits' | 'maximumFractionDigits'
>;

/**
 * One Intl.NumberFormat per locale and options, built once (exports format millions of cells: the
 * key is a plain string of the four options used, no serialisation per call).
 */
function numberFormat(locale: string, options: NumberStyle): Intl.NumberFormat {
  const key = `${locale}|${options.style ?? ''}|${options.currency ?? ''}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: 'always', ...options });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * White-label (spec 000 §6: the flag "swaps decimal and thousand separators"): "1.234,56" ↔ "1,234.56".
 * Every number this module writes goes through `separated`, so screens and exports need no change.
 */
export function swapSeparators(text: string): string {
  return text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
}

let separatorsSwapped: () => boolean = () => false;

/**
 * Where the current render or answer reads its company's white-label flag: the browser installs the
 * logged-in company's flag, the server a per-request store (workers/api/src/lib/number-style.ts).
 */
export function setSeparatorSource(source: () => boolean): void {
  separatorsSwapped = source;
}

const separated = (text: string) => (separatorsSwapped() ? swapSeparators(text) : text);

export function formatNumber(value: number, options: NumberOptions = {}): string {
  const { currency, ...digits } = options;
  return separated(numberFormat(numberLocale(currency), { maximumFractionDigits: 2, ...digits }).format(value));
}

/** A number with exactly `digits` decimals in the company's format: 12.5 → "12,50" (it-IT). */
export function formatDecimal(value: number, digits = 2, currency?: string): string {
  return formatNumber(value, { currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Energy from Wh in kWh with three decimals: 12345 → "12,345 kWh"; '—' when absent. */
export function formatKwh(wh: number | null | undefined, currency?: string): string {
  if (wh === null || wh === undefined) return '—';
  return `${formatDecimal(wh / 1000, 3, currency)} kWh`;
}

/** Owner cost per kWh, stored in minor units × 1000: 25000 EUR → "0,2500 €/kWh"; null when absent. */
export function formatMoneyPerKwh(milliMinor: number | null | undefined, currency: string = DEFAULT_CURRENCY) {
  if (milliMinor === null || milliMinor === undefined) return null;
  const code = currency.toUpperCase();
  return `${formatUnitPrice(milliMinor / 10, code)}/kWh`;
}

/** A unit price in ten-thousandths of the currency with four decimals: 2500 EUR → "0,2500 €". */
export function formatUnitPrice(tenThousandths: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency.toUpperCase();
  return separated(
    numberFormat(numberLocale(code), {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 4,
      maximumFractionDigits: 4,
    }).format(tenThousandths / 10_000),
  );
}

/**
 * A position as "48.85661, 2.35222": coordinates keep the dot whatever the company's format, as they
 * are typed (spec section 5), because the comma separates latitude from longitude.
 */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/** What every decimal input's hint shows (spec section 5: the decimal separator is the dot). */
export const DECIMAL_EXAMPLE = '0.25';

export type ParsedDecimal = { ok: true; value: number } | { ok: false; error: 'empty' | 'comma' | 'invalid' };

/**
 * A typed decimal, dot as separator (spec section 5): "0.25" → 0.25. "0,25" is refused as `comma`
 * (it could as well be a thousands separator), anything else not a plain number as `invalid`;
 * `negative` admits a leading minus (coordinates), `maxDecimals` bounds the fraction.
 */
export function parseDecimal(
  input: string | null | undefined,
  options: { negative?: boolean; maxDecimals?: number } = {},
): ParsedDecimal {
  const text = (input ?? '').trim();
  if (text === '') return { ok: false, error: 'empty' };
  const sign = options.negative ? '-?' : '';
  if (new RegExp(`^${sign}\\d+,\\d+$`).test(text)) return { ok: false, error: 'comma' };
  if (!new RegExp(`^${sign}\\d+(\\.\\d+)?$`).test(text)) return { ok: false, error: 'invalid' };
  const decimals = text.split('.')[1]?.length ?? 0;
  if (options.maxDecimals !== undefined && decimals > options.maxDecimals) return { ok: false, error: 'invalid' };
  const value = Number(text);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, error: 'invalid' };
}

/** The currency's minor units per major unit (100 for EUR, 1 for JPY), read once per currency. */
const minorUnitsPerMajor = new Map<string, number>();

/** Money from integer minor units (cents, pence), never a float amount. */
export function formatMoney(minorUnits: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency.toUpperCase();
  const format = numberFormat(numberLocale(code), { style: 'currency', currency: code });
  let perMajor = minorUnitsPerMajor.get(code);
  if (perMajor === undefined) {
    perMajor = 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2);
    minorUnitsPerMajor.set(code, perMajor);
  }
  return separated(format.format(minorUnits / perMajor));
}

export function formatPercent(part: number, whole: number, currency?: string): string {
  if (whole <= 0) return formatNumber(0, { currency, maximumFractionDigits: 0 }).concat('%');
  return separated(
    numberFormat(numberLocale(currency), { style: 'percent', maximumFractionDigits: 1 }).format(part / whole),
  );
}

/** Power is stored in watts and shown in kW (watts divided by 1000). */
export function formatPowerKw(watts: number, currency?: string): string {
  return `${formatNumber(watts / 1000, { currency, maximumFractionDigits: 1 })} kW`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Byte sizes B to TB, base 1024. */
export function formatBytes(bytes: number, currency?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, { currency, maximumFractionDigits: unit === 0 ? 0 : 1 })} ${BYTE_UNITS[unit]}`;
}

export interface DateOptions {
  /** IANA zone of the company; Europe/Paris when absent. */
  timeZone?: string | null;
  /** The UI language: English shows month/day/year, every other language day/month/year. */
  language?: string;
  /** Times with seconds (17:05:09), as session exports show them. */
  seconds?: boolean;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function parts(value: Date | string | number, timeZone: string): Parts | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  const out: Partial<Parts> = {};
  for (const part of format.formatToParts(date)) {
    if (part.type in { year: 1, month: 1, day: 1, hour: 1, minute: 1, second: 1 })
      out[part.type as keyof Parts] = part.value;
  }
  return out as Parts;
}

function zoneOf(options: DateOptions): string {
  return options.timeZone || DEFAULT_TIME_ZONE;
}

/** 21/11/2026 (or 11/21/2026 in English) in the company's time zone; '' for an invalid date. */
export function formatDate(value: Date | string | number, options: DateOptions = {}): string {
  const p = parts(value, zoneOf(options));
  return p ? dateOf(p, options) : '';
}

const dateOf = (p: Parts, options: DateOptions) =>
  options.language === 'en' ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;

const timeOf = (p: Parts, options: DateOptions) =>
  options.seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;

/** 17:05 (17:05:09 with `seconds`) in the company's time zone, 24-hour clock. */
export function formatTime(value: Date | string | number, options: DateOptions = {}): string {
  const p = parts(value, zoneOf(options));
  return p ? timeOf(p, options) : '';
}

/** 21/11/2026 17:05 in the company's time zone (the date's parts read once). */
export function formatDateTime(value: Date | string | number, options: DateOptions = {}): string {
  const p = parts(value, zoneOf(options));
  return p ? `${dateOf(p, options)} ${timeOf(p, options)}` : '';
}
