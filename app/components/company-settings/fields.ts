/** @module The general tab's fields, as the API names them (shared by the form and its action). */
export const GENERAL_FIELDS = [
  'name',
  'business_name',
  'email',
  'web',
  'phone',
  'fax',
  'street',
  'street_number',
  'city',
  'district',
  'state',
  'zip',
  'country',
  'vat',
  'tax_id_type',
  'tax_id_country',
  'legal_entity',
  'executive_name',
  'commercial_register_number',
  'time_zone',
] as const;
export type GeneralField = (typeof GENERAL_FIELDS)[number];
