/**
 * @module CO2 avoided summed over sessions (ADR 053): the store sums energy per station country,
 * renewable supply, year, vehicle class and whatever the report groups by (month, user, group,
 * company); each sum goes through the per-session method (linear in energy) and the grams add up.
 */
import { type Co2Overrides, type GridFactorUsed, sessionCo2Detail } from './index';

export interface EnergyGroup {
  /** What the figures are summed by: a month 'YYYY-MM', a user id, a group id… */
  key: string;
  energyWh: number;
  sessions: number;
  country: string;
  year: number;
  renewable: boolean;
  certificateGPerKwh: number | null;
  vehicleClass: string;
}

export interface Co2Sum {
  energyWh: number;
  sessions: number;
  baselineKg: number;
  projectKg: number;
  avoidedKg: number;
  /** Some energy was counted with a fallback grid factor (country not in the factors table). */
  estimated: boolean;
}

export interface Co2Summary {
  total: Co2Sum;
  byKey: Map<string, Co2Sum>;
  /** Every grid factor applied, once each. */
  factors: GridFactorUsed[];
}

const grams = (kg: number) => Math.round(kg * 1000);
const empty = (): Co2Sum => ({ energyWh: 0, sessions: 0, baselineKg: 0, projectKg: 0, avoidedKg: 0, estimated: false });

function add(sum: Co2Sum, energyWh: number, sessions: number, g: { b: number; p: number }, estimated: boolean): Co2Sum {
  const b = grams(sum.baselineKg) + g.b;
  const p = grams(sum.projectKg) + g.p;
  return {
    energyWh: sum.energyWh + energyWh,
    sessions: sum.sessions + sessions,
    baselineKg: b / 1000,
    projectKg: p / 1000,
    avoidedKg: (b - p) / 1000,
    estimated: sum.estimated || estimated,
  };
}

const factorId = (f: GridFactorUsed) => `${f.basis}|${f.country}|${f.factorYear}|${f.gPerKwh}|${f.estimated}`;

export function summarizeCo2(groups: readonly EnergyGroup[], overrides?: Co2Overrides): Co2Summary {
  let total = empty();
  const byKey = new Map<string, Co2Sum>();
  const factors = new Map<string, GridFactorUsed>();
  for (const g of groups) {
    const detail = sessionCo2Detail(
      {
        energyWh: g.energyWh,
        country: g.country,
        year: g.year,
        renewable: g.renewable,
        certificateGPerKwh: g.certificateGPerKwh,
        vehicleClass: g.vehicleClass,
      },
      overrides,
    );
    const gr = { b: grams(detail.baselineKg), p: grams(detail.projectKg) };
    total = add(total, g.energyWh, g.sessions, gr, detail.grid.estimated);
    byKey.set(g.key, add(byKey.get(g.key) ?? empty(), g.energyWh, g.sessions, gr, detail.grid.estimated));
    factors.set(factorId(detail.grid), detail.grid);
  }
  return { total, byKey, factors: [...factors.values()] };
}

/** Overrides from a company's stored rows (null figures keep the defaults). */
export function overridesFrom(
  rows: readonly {
    vehicleClass: string;
    evKwhPer100Km: number | null;
    iceLitresPer100Km: number | null;
    fuel: string | null;
  }[],
): Co2Overrides {
  const vehicleClasses: NonNullable<Co2Overrides['vehicleClasses']> = {};
  for (const r of rows) {
    const cls = r.vehicleClass as keyof typeof vehicleClasses;
    vehicleClasses[cls] = {
      ...(r.evKwhPer100Km != null ? { evKwhPer100Km: r.evKwhPer100Km } : {}),
      ...(r.iceLitresPer100Km != null ? { iceLitresPer100Km: r.iceLitresPer100Km } : {}),
      ...(r.fuel === 'petrol' || r.fuel === 'diesel' ? { fuel: r.fuel } : {}),
    };
  }
  return { vehicleClasses };
}
