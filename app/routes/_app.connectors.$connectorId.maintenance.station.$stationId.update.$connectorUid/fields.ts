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
  'meterPublicKey',
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
/** The station's configured OCPP version (ADR 058); '' = automatic. Protocol names, the same in every language. */
export const OCPP_VERSION_CHOICES = [
  { label: 'OCPP 1.6J', value: 'ocpp1.6' },
  { label: 'OCPP 2.0.1', value: 'ocpp2.0.1' },
] as const;
