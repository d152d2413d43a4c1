/** @module Personal data (update-user-data): the shapes the screens use and the form-to-body mapping. */

export interface UserData {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  city: string | null;
  district: string | null;
  street: string | null;
  streetNumber: string | null;
  zip: string | null;
  autoRechargeEnabled: boolean;
  stationId: number | null;
  stationName: string | null;
  ibanMasked: string | null;
  ibanOwner: string | null;
  ssnMasked: string | null;
  lang: string;
  updatedAt: string | null;
}

export interface UsableStation {
  id: number;
  name: string;
  uid: string;
  type: string;
  city: string | null;
}

/** fleet: an admin edits a user of the scope; self: a private user edits their own data. */
export type PersonalDataScope = 'fleet' | 'self';

export const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'city',
  'district',
  'street',
  'streetNumber',
  'zip',
  'ibanOwner',
] as const;

/**
 * The API body from the form: text fields always sent (empty clears); IBAN and SSN only when typed
 * (the form shows them masked, so empty means keep) or when their remove box is ticked.
 */
export function bodyFromForm(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const str = (name: string) => String(form.get(name) ?? '').trim();
  for (const key of TEXT_FIELDS) body[key] = str(key) === '' ? null : str(key);
  body.country = str('country') === '' ? null : str('country');
  body.autoRechargeEnabled = form.get('autoRechargeEnabled') === 'on';
  const station = Number(str('stationId'));
  body.stationId = Number.isInteger(station) && station > 0 ? station : null;
  if (str('lang') !== '') body.lang = str('lang');
  if (form.get('removeIban') === 'on') body.iban = null;
  else if (str('iban') !== '') body.iban = str('iban');
  if (form.get('removeSsn') === 'on') body.ssn = null;
  else if (str('ssn') !== '') body.ssn = str('ssn');
  return body;
}
