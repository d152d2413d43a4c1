/**
 * @module The station rules of spec section 5, checked on the station as it would be after an
 * update (stored values merged with the change): mandatory fields present, latitude and longitude
 * present and correct, public peering only on a public station, QR payment only on a private one.
 * Each problem names the field and the API message key that explains it.
 */
import type { StationType } from './statuses';

/** A station's address and coordinates in form order (the station forms share them: domain/stations/address). */
export const STATION_ADDRESS_FIELDS = [
  'address',
  'streetNumber',
  'postalCode',
  'city',
  'country',
  'latitude',
  'longitude',
  'timeZone',
] as const;
export type StationAddressField = (typeof STATION_ADDRESS_FIELDS)[number];

/** The fields a station cannot be saved without (spec: "station creation needs all mandatory fields"). */
export const STATION_MANDATORY_FIELDS = [
  'name',
  ...STATION_ADDRESS_FIELDS.filter((f): f is Exclude<StationAddressField, 'streetNumber'> => f !== 'streetNumber'),
] as const;

export interface StationRuleInput {
  name: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  type: StationType;
  openToPublic: boolean;
  qrPaymentEnabled: boolean;
  /** Peerings the station is bound to; `public` peerings publish it to every roaming partner. */
  peerings: readonly { id: string; public: boolean }[];
}

export type StationProblemKey =
  | 'stationMandatoryField'
  | 'coordinatesInvalid'
  | 'publicPeeringNeedsPublicStation'
  | 'qrPaymentPrivateOnly';

export interface StationProblem {
  field: string;
  key: StationProblemKey;
}

const blank = (v: string | number | null) => v === null || (typeof v === 'string' && v.trim() === '');

/** A coordinate as the form sends it: a decimal number with a dot, nothing else. */
export function parseCoordinate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,3}(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

export const validLatitude = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;
export const validLongitude = (v: number) => Number.isFinite(v) && v >= -180 && v <= 180;

/** Every problem of the station, in field order; empty when it may be saved. */
export function stationProblems(s: StationRuleInput): StationProblem[] {
  const problems: StationProblem[] = [];
  for (const field of STATION_MANDATORY_FIELDS) {
    if (field === 'latitude' || field === 'longitude') continue;
    if (blank(s[field])) problems.push({ field, key: 'stationMandatoryField' });
  }
  if (s.latitude === null || !validLatitude(s.latitude))
    problems.push({ field: 'latitude', key: 'coordinatesInvalid' });
  if (s.longitude === null || !validLongitude(s.longitude)) {
    problems.push({ field: 'longitude', key: 'coordinatesInvalid' });
  }
  if (s.peerings.some((p) => p.public) && (s.type !== 'public' || !s.openToPublic)) {
    problems.push({ field: 'type', key: 'publicPeeringNeedsPublicStation' });
  }
  if (s.qrPaymentEnabled && s.type !== 'private')
    problems.push({ field: 'qrPaymentEnabled', key: 'qrPaymentPrivateOnly' });
  return problems;
}
