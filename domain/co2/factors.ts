/**
 * @module The emission factors the CO2-avoided method uses, versioned in code with their source and
 * year (ADR 053). A new publication is a new row, never an edit of an old one: past reports keep
 * reproducing with the factors they were computed with.
 */

export const VEHICLE_CLASSES = ['car', 'van', 'truck_bus', 'two_wheeler'] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];
export const FUELS = ['petrol', 'diesel'] as const;
export type Fuel = (typeof FUELS)[number];

export interface Source {
  /** Publication, with its edition. */
  name: string;
  year: number;
  /** Where in the publication the figure is. */
  where: string;
}

/**
 * Fossil fuel comparator of the Renewable Energy Directive: the well-to-wheel emissions of the fossil
 * transport fuel that renewable energy in transport replaces.
 */
export const FOSSIL_COMPARATOR_G_PER_MJ = 94;
/** Lower heating value by volume of each fuel, same directive. */
export const FUEL_MJ_PER_LITRE: Record<Fuel, number> = { petrol: 32, diesel: 36 };
export const FUEL_SOURCE: Source = {
  name: 'Directive (EU) 2018/2001 (RED II)',
  year: 2018,
  where: 'Annex V part C point 19 (fossil fuel comparator 94 gCO2e/MJ); Annex III (petrol 32 MJ/l, diesel 36 MJ/l)',
};

export interface VehicleClassDefaults {
  /** Electricity drawn at the charger per 100 km (charging losses included). */
  evKwhPer100Km: number;
  /** Fuel the same vehicle class burns per 100 km. */
  iceLitresPer100Km: number;
  fuel: Fuel;
}

/**
 * Product defaults, deliberately round: typical real-world orders of magnitude, not the figures of
 * one publication. A company that knows its fleet overrides them (company CO2 settings).
 */
export const VEHICLE_CLASS_DEFAULTS: Record<VehicleClass, VehicleClassDefaults> = {
  car: { evKwhPer100Km: 20, iceLitresPer100Km: 7, fuel: 'petrol' },
  van: { evKwhPer100Km: 30, iceLitresPer100Km: 9, fuel: 'diesel' },
  truck_bus: { evKwhPer100Km: 120, iceLitresPer100Km: 30, fuel: 'diesel' },
  two_wheeler: { evKwhPer100Km: 6, iceLitresPer100Km: 3, fuel: 'petrol' },
};

/** EU vehicle categories (the e-HDV type codes) to the method's classes; no type means a car. */
export function vehicleClassOf(categoryCode: string | null | undefined): VehicleClass {
  const code = (categoryCode ?? '').toUpperCase();
  if (code === 'N1') return 'van';
  if (code === 'N2' || code === 'N3' || code === 'M2' || code === 'M3') return 'truck_bus';
  if (code.startsWith('L')) return 'two_wheeler';
  return 'car';
}

export interface GridFactor {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Calendar year the residual mix describes. */
  year: number;
  gPerKwh: number;
}

export const RESIDUAL_MIX_SOURCE: Source = {
  name: 'AIB, European Residual Mixes (results of the calculation of residual mixes)',
  year: 2023,
  where: 'Table 2, residual mix, direct CO2 emissions (gCO2/kWh)',
};

/**
 * National residual-mix factors (direct CO2, g/kWh). Transcribed without access to the primary
 * publication from this build machine: to be checked against AIB's table before reports are issued
 * (ADR 053, "Factors to verify").
 */
export const RESIDUAL_MIX_FACTORS: readonly GridFactor[] = [
  { country: 'BE', year: 2023, gPerKwh: 162 },
  { country: 'DE', year: 2023, gPerKwh: 689 },
  { country: 'ES', year: 2023, gPerKwh: 237 },
  { country: 'FR', year: 2023, gPerKwh: 58 },
  { country: 'IT', year: 2023, gPerKwh: 457 },
  { country: 'NL', year: 2023, gPerKwh: 398 },
];
