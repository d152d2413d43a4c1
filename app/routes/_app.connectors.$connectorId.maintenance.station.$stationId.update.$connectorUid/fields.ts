/** @module The station update form's fields, read by the page and by its action (no server code). */

export const TEXTS = [
  'name',
  'directions',
  'plugType',
  'plugFormat',
  'urlType',
  'brand',
  'model',
  'profile',
  'serialNumber',
  'midMeterSerial',
  'paymentTerminalSerial',
  'energyStorageUrl',
  'renewableCertificate',
] as const;
export const DATES = ['installationDate', 'commissioningDate', 'openingDate'] as const;
export const FLAGS = ['visibleInApp', 'openToPublic', 'qrPaymentEnabled', 'atHome', 'certifiedRenewable'] as const;
/** Decimal numbers, dot as separator (spec section 5). */
export const DECIMALS = ['renewableGPerKwh'] as const;
export const INTEGERS = ['voltage', 'amperage'] as const;
export const POWER_TYPES = ['AC_1_PHASE', 'AC_3_PHASE', 'DC'] as const;
