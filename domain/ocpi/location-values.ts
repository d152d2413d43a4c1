/**
 * @module The values of our stations as OCPI writes them (mod_locations.asciidoc), pure: DateTime,
 * EVSE status, connector standard, alpha-3 country, GeoLocation coordinate, opening hours.
 */
import type { z } from 'zod';
import type { ConnectorStatus } from '../stations/statuses';
import { ConnectorType, type Hours, type OcpiStatus, type RegularHours } from './locations';

const hhmm = /^([0-1][0-9]|2[0-3]):[0-5][0-9]$/;

/** DateTime as the examples write it: UTC, seconds, Z. */
export const ocpiTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Our connector status as the EVSE status of OCPI (Status enum: preparing and finishing are in use). */
export const OCPI_STATUS: Record<ConnectorStatus, OcpiStatus> = {
  available: 'AVAILABLE',
  preparing: 'CHARGING',
  charging: 'CHARGING',
  finishing: 'CHARGING',
  suspended_ev: 'CHARGING',
  suspended_evse: 'CHARGING',
  reserved: 'RESERVED',
  offline: 'UNKNOWN',
  faulted: 'OUTOFORDER',
  unavailable: 'INOPERATIVE',
  blocked: 'BLOCKED',
  inoperative: 'INOPERATIVE',
  out_of_order: 'OUTOFORDER',
  to_be_installed: 'PLANNED',
  removed: 'REMOVED',
  unknown: 'UNKNOWN',
};

/** Our plug types (reference list `plug-types`) as OCPI connector standards; OCPI names pass as they are. */
const PLUG_STANDARD: Record<string, z.infer<typeof ConnectorType>> = {
  'type 2': 'IEC_62196_T2',
  'type 1': 'IEC_62196_T1',
  ccs2: 'IEC_62196_T2_COMBO',
  ccs1: 'IEC_62196_T1_COMBO',
  chademo: 'CHADEMO',
  schuko: 'DOMESTIC_F',
  'type 3c': 'IEC_62196_T3C',
  nacs: 'TESLA_S',
};
export const DC_STANDARDS = new Set([
  'CHADEMO',
  'CHAOJI',
  'GBT_DC',
  'IEC_62196_T1_COMBO',
  'IEC_62196_T2_COMBO',
  'TESLA_S',
]);

export function connectorStandard(plugType: string | null): z.infer<typeof ConnectorType> | null {
  if (!plugType) return null;
  const direct = ConnectorType.safeParse(plugType.trim());
  if (direct.success) return direct.data;
  return PLUG_STANDARD[plugType.trim().toLowerCase()] ?? null;
}

/** ISO 3166-1 alpha-2 → alpha-3 for the countries we serve (Location.country is alpha-3). */
const ALPHA3: Record<string, string> = {
  AT: 'AUT',
  BE: 'BEL',
  BG: 'BGR',
  CH: 'CHE',
  CY: 'CYP',
  CZ: 'CZE',
  DE: 'DEU',
  DK: 'DNK',
  EE: 'EST',
  ES: 'ESP',
  FI: 'FIN',
  FR: 'FRA',
  GB: 'GBR',
  GR: 'GRC',
  HR: 'HRV',
  HU: 'HUN',
  IE: 'IRL',
  IS: 'ISL',
  IT: 'ITA',
  LI: 'LIE',
  LT: 'LTU',
  LU: 'LUX',
  LV: 'LVA',
  MC: 'MCO',
  MT: 'MLT',
  NL: 'NLD',
  NO: 'NOR',
  PL: 'POL',
  PT: 'PRT',
  RO: 'ROU',
  SE: 'SWE',
  SI: 'SVN',
  SK: 'SVK',
  AD: 'AND',
  SM: 'SMR',
  US: 'USA',
  CA: 'CAN',
};
export function alpha3(country: string | null): string | null {
  if (!country) return null;
  const c = country.trim().toUpperCase();
  if (c.length === 3 && Object.values(ALPHA3).includes(c)) return c;
  return ALPHA3[c] ?? null;
}

/** The ISO 3166-1 alpha-2 code of an alpha-3 one (a partner's CDR location), or null when unknown. */
export function alpha2(country: string | null): string | null {
  const c = country?.trim().toUpperCase() ?? '';
  for (const [two, three] of Object.entries(ALPHA3)) if (three === c) return two;
  return null;
}

/** A coordinate as GeoLocation writes it: 5 to 7 decimals. */
export function coordinate(value: number): string {
  const fixed = value.toFixed(7);
  return fixed.replace(/(\.\d{5}\d*?)0+$/, '$1');
}

const DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'];

/**
 * A site's opening hours as OCPI Hours: "24/7", or rules like "Mo-Fr 08:00-20:00; Sa 09:00-12:00" (days
 * Mo..Su, ranges or comma lists). Null for any other text (the Location then has no opening_times).
 */
export function openingTimes(text: string | null): Hours | null {
  const t = text?.trim();
  if (!t) return null;
  if (/^24\s*\/\s*7$/.test(t)) return { twentyfourseven: true };
  const regular: z.infer<typeof RegularHours>[] = [];
  for (const rule of t.split(';')) {
    const m = /^\s*([A-Za-z,\s-]+?)\s+((?:[0-2]\d:[0-5]\d-[0-2]\d:[0-5]\d\s*,?\s*)+)$/.exec(rule);
    if (!m?.[1] || !m[2]) return null;
    const days = new Set<number>();
    for (const part of m[1].split(',')) {
      const [from, to = from] = part.trim().toLowerCase().split('-');
      const a = DAYS.indexOf(from ?? '');
      const b = DAYS.indexOf(to ?? '');
      if (a < 0 || b < 0 || b < a) return null;
      for (let d = a; d <= b; d++) days.add(d + 1);
    }
    for (const span of m[2].split(',')) {
      const [begin, end] = span.trim().split('-');
      if (!begin || !end || !hhmm.test(begin) || !hhmm.test(end) || end <= begin) return null;
      for (const weekday of days) regular.push({ weekday, period_begin: begin, period_end: end });
    }
  }
  regular.sort((x, y) => x.weekday - y.weekday || x.period_begin.localeCompare(y.period_begin));
  return { twentyfourseven: false, regular_hours: regular };
}
