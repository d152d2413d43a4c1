/**
 * @module The rules of a location (spec 1 section 5, as for a station): the address fields and the
 * coordinates are mandatory, and latitude and longitude must be in range. Each problem names the
 * field and the API message key that explains it.
 */
import { validLatitude, validLongitude } from '../stations/station-rules';

export const LOCATION_MANDATORY_FIELDS = ['name', 'address', 'postalCode', 'city', 'country'] as const;

export interface LocationRuleInput {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
}

export interface LocationProblem {
  field: string;
  key: 'locationMandatoryField' | 'coordinatesInvalid';
}

export function locationProblems(l: LocationRuleInput): LocationProblem[] {
  const problems: LocationProblem[] = [];
  for (const field of LOCATION_MANDATORY_FIELDS) {
    if (l[field].trim() === '') problems.push({ field, key: 'locationMandatoryField' });
  }
  if (l.latitude === null || !validLatitude(l.latitude))
    problems.push({ field: 'latitude', key: 'coordinatesInvalid' });
  if (l.longitude === null || !validLongitude(l.longitude)) {
    problems.push({ field: 'longitude', key: 'coordinatesInvalid' });
  }
  return problems;
}

/** A new location's public id: `LOC-` and ten characters of a random UUID, upper-case. */
export function newLocationUid(): string {
  return `LOC-${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}
