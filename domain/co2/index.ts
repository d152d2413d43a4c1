/**
 * @module CO2 avoided per ISO 14064-2 (ADR 053): baseline = the well-to-wheel emissions of the fuel the
 * electric kilometres replaced; project = the electricity's emissions, market-based (the certificate's
 * factor, 0 by default) at stations with certified renewable supply, the national residual mix
 * otherwise; avoided = baseline − project, sign kept. Pure: the API sums energy in SQL and calls this.
 */
import {
  FOSSIL_COMPARATOR_G_PER_MJ,
  FUEL_MJ_PER_LITRE,
  type GridFactor,
  RESIDUAL_MIX_FACTORS,
  VEHICLE_CLASS_DEFAULTS,
  VEHICLE_CLASSES,
  type VehicleClass,
  type VehicleClassDefaults,
} from './factors';

export * from './factors';

/** A company's own figures per vehicle class; missing fields keep the defaults. */
export interface Co2Overrides {
  vehicleClasses?: Partial<Record<VehicleClass, Partial<VehicleClassDefaults>>>;
}

export interface Co2Input {
  energyWh: number;
  /** ISO 3166-1 alpha-2 of the station; empty when unknown. */
  country: string;
  /** Calendar year of the session start. */
  year: number;
  /** The station has certified renewable supply (market-based). */
  renewable: boolean;
  /** The certificate's own factor; 0 when the certificate names none. */
  certificateGPerKwh?: number | null;
  vehicleClass?: string;
}

export interface Co2Figures {
  baselineKg: number;
  projectKg: number;
  avoidedKg: number;
}

export interface GridFactorUsed {
  basis: 'market_certificate' | 'residual_mix';
  gPerKwh: number;
  country: string;
  /** The residual-mix year applied (the latest published at or before the session year). */
  factorYear: number | null;
  /** The country is not in the table: the highest factor of that year's table was applied. */
  estimated: boolean;
}

export interface Co2Detail extends Co2Figures {
  vehicleClass: VehicleClass;
  km: number;
  litres: number;
  grid: GridFactorUsed;
}

export function isVehicleClass(value: string | undefined): value is VehicleClass {
  return (VEHICLE_CLASSES as readonly string[]).includes(value ?? '');
}

export function classFigures(vehicleClass: VehicleClass, overrides?: Co2Overrides): VehicleClassDefaults {
  return { ...VEHICLE_CLASS_DEFAULTS[vehicleClass], ...overrides?.vehicleClasses?.[vehicleClass] };
}

/** The latest table year at or before `year`, else the earliest (a session older than the table). */
function tableYear(rows: readonly GridFactor[], year: number): number | null {
  const years = rows.map((r) => r.year);
  if (years.length === 0) return null;
  const earlier = years.filter((y) => y <= year);
  return earlier.length > 0 ? Math.max(...earlier) : Math.min(...years);
}

/**
 * The residual-mix factor for a country and year. A country missing from the table gets the highest
 * factor of the table's year: conservative (ISO 14064-2 clause 3, conservativeness), so the avoided figure is never overstated.
 */
export function residualMixFactor(country: string, year: number, table = RESIDUAL_MIX_FACTORS): GridFactorUsed {
  const code = country.trim().toUpperCase();
  const own = table.filter((r) => r.country === code);
  const ownYear = tableYear(own, year);
  const hit = own.find((r) => r.year === ownYear);
  if (hit)
    return { basis: 'residual_mix', gPerKwh: hit.gPerKwh, country: code, factorYear: hit.year, estimated: false };
  const fallbackYear = tableYear(table, year);
  const sameYear = table.filter((r) => r.year === fallbackYear).map((r) => r.gPerKwh);
  const gPerKwh = sameYear.length > 0 ? Math.max(...sameYear) : 0;
  return { basis: 'residual_mix', gPerKwh, country: code, factorYear: fallbackYear, estimated: true };
}

export function gridFactor(input: Co2Input): GridFactorUsed {
  if (input.renewable) {
    const gPerKwh = input.certificateGPerKwh ?? 0;
    return {
      basis: 'market_certificate',
      gPerKwh,
      country: input.country.toUpperCase(),
      factorYear: null,
      estimated: false,
    };
  }
  return residualMixFactor(input.country, input.year);
}

/** Grams rounded to the gram, then kilograms: sums of sessions stay exact to the gram. */
const kg = (grams: number) => Math.round(grams) / 1000;

export function sessionCo2Detail(input: Co2Input, overrides?: Co2Overrides): Co2Detail {
  const vehicleClass = isVehicleClass(input.vehicleClass) ? input.vehicleClass : 'car';
  const figures = classFigures(vehicleClass, overrides);
  const kwh = Math.max(0, input.energyWh) / 1000;
  const km = (kwh / figures.evKwhPer100Km) * 100;
  const litres = (km / 100) * figures.iceLitresPer100Km;
  const baselineG = litres * FUEL_MJ_PER_LITRE[figures.fuel] * FOSSIL_COMPARATOR_G_PER_MJ;
  const grid = gridFactor(input);
  const projectG = kwh * grid.gPerKwh;
  const baselineKg = kg(baselineG);
  const projectKg = kg(projectG);
  return {
    baselineKg,
    projectKg,
    avoidedKg: (Math.round(baselineG) - Math.round(projectG)) / 1000,
    vehicleClass,
    km,
    litres,
    grid,
  };
}

export function sessionCo2(input: Co2Input, overrides?: Co2Overrides): Co2Figures {
  const { baselineKg, projectKg, avoidedKg } = sessionCo2Detail(input, overrides);
  return { baselineKg, projectKg, avoidedKg };
}
