/**
 * @module A station's address and coordinates (spec section 5), shared by the onboarding forms, the
 * station update form and the API: the fields in form order, how a form's values are read (dot
 * decimals become numbers, anything else goes as typed so the API says why), and the zod schema of
 * the fields with the API's message keys (`stationMandatoryField`, `coordinatesInvalid`).
 */
import { z } from 'zod';
import {
  parseCoordinate,
  STATION_ADDRESS_FIELDS,
  STATION_MANDATORY_FIELDS,
  type StationAddressField,
} from './station-rules';

export { STATION_ADDRESS_FIELDS, type StationAddressField };

/** The address fields a station cannot be saved without. */
export const isMandatoryAddressField = (field: StationAddressField) =>
  (STATION_MANDATORY_FIELDS as readonly string[]).includes(field);

/**
 * The address part of a submitted station form: texts trimmed, an empty street number as null,
 * coordinates as numbers when written as dot decimals, otherwise as typed (the API answers why).
 */
export function readStationAddress(form: FormData): Record<StationAddressField, string | number | null> {
  const value = (name: StationAddressField) => String(form.get(name) ?? '').trim();
  const coordinate = (name: 'latitude' | 'longitude') => parseCoordinate(value(name)) ?? value(name);
  return {
    address: value('address'),
    streetNumber: value('streetNumber') || null,
    postalCode: value('postalCode'),
    city: value('city'),
    country: value('country'),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    timeZone: value('timeZone'),
  };
}

/** A text the station cannot be saved without (the API's `stationMandatoryField` message). */
export const mandatoryText = (max: number) =>
  z
    .string({ error: 'stationMandatoryField' })
    .trim()
    .min(1, { error: 'stationMandatoryField' })
    .max(max, { error: 'stationMandatoryField' });
const coordinate = (min: number, max: number) =>
  z
    .number({ error: 'coordinatesInvalid' })
    .min(min, { error: 'coordinatesInvalid' })
    .max(max, { error: 'coordinatesInvalid' });

/** An IANA time zone the runtime knows. */
export function knownTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The address fields as the API checks them on a station update (each optional there: only what changes). */
export const stationAddressSchema = z.object({
  address: mandatoryText(200),
  streetNumber: z
    .string()
    .trim()
    .max(20)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  postalCode: mandatoryText(20),
  city: mandatoryText(100),
  country: z
    .string({ error: 'stationMandatoryField' })
    .trim()
    .regex(/^[A-Z]{2}$/, { error: 'stationMandatoryField' }),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  timeZone: mandatoryText(64).refine(knownTimeZone, 'Unknown time zone'),
});
