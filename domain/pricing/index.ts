/** @module Public surface of the pricing engine. */

export { DEFAULT_TIME_ZONE } from '../time/zone-clock';
export { freeTariff, type PricingOptions, priceSession } from './engine';
export { dec4, minor, vatBp } from './money';
export { fromOcpiTariff, type OcpiTariff } from './ocpi';
export { type CdrPrices, type PerspectiveTariffs, priceCdr } from './perspectives';
export { tariffAt } from './tariff-version';
export { ANOMALIES, type MeterSample, type MeterSession, timelineFromMeterValues } from './timeline';
export type * from './types';
