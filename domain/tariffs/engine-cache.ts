/**
 * @module The engine's tariff of a stored tariff version, built once per isolate and shared by every
 * session it prices. The pricing engine compiles a tariff, and caches its per-day cut instants, per
 * tariff *object* (domain/pricing/compile.ts, segments.ts); pricing at close used to build a new
 * object from the row for every session and perspective, so every session paid the JSON parse, the
 * conversion and the compilation again (issue 24 section 7: 68,000–77,000 sessions/s per core against
 * 395,000–430,000 with shared objects). Here one object stands for one tariff version: the key is the
 * row's id, its version and the customer group's cap, and a hit also checks that every column the
 * conversion reads is unchanged (an approved version is immutable, but a test database reuses ids and
 * a pending row may be edited), so a cached object is never stale. The map is bounded: past
 * MAX_VERSIONS entries the oldest is dropped.
 */
import { compileTariff } from '../pricing/compile';
import type { Tariff } from '../pricing/types';
import { type ElementInput, type StoredTariffForEngine, toEngineTariff } from './model';

/** The columns of a `tariffs` row the engine's tariff is built from (drizzle's row fits it). */
export interface StoredTariffVersion extends Omit<StoredTariffForEngine, 'elements'> {
  version: number;
  updatedAt: Date | null;
  elementsJson: string;
}

/** The engine's tariff of a row, built afresh; `capExclVat` lowers the max price when tighter (ADR 026). */
export function buildEngineTariff(t: StoredTariffVersion, capExclVat: number | null = null): Tariff {
  const engine = toEngineTariff({ ...t, elements: JSON.parse(t.elementsJson) as ElementInput[] });
  if (capExclVat === null || (engine.maxPrice && engine.maxPrice.exclVat <= capExclVat)) return engine;
  return { ...engine, maxPrice: { exclVat: capExclVat } };
}

interface Entry {
  row: StoredTariffVersion;
  tariff: Tariff;
}

export const MAX_VERSIONS = 256;
const versions = new Map<string, Entry>();

const sameTime = (a: Date | null, b: Date | null) =>
  a === null ? b === null : b !== null && a.getTime() === b.getTime();

const copy = (d: Date | null) => (d === null ? null : new Date(d.getTime()));

/** True when every column the conversion reads is equal (the JSON compared as text). */
function sameVersion(a: StoredTariffVersion, b: StoredTariffVersion): boolean {
  return (
    a.elementsJson === b.elementsJson &&
    a.currency === b.currency &&
    a.graceTimeS === b.graceTimeS &&
    a.freeParkingS === b.freeParkingS &&
    a.minPriceExclVat === b.minPriceExclVat &&
    a.maxPriceExclVat === b.maxPriceExclVat &&
    a.maxPriceInclVat === b.maxPriceInclVat &&
    a.vatIncluded === b.vatIncluded &&
    sameTime(a.validFrom, b.validFrom) &&
    sameTime(a.validTo, b.validTo) &&
    sameTime(a.applyFrom, b.applyFrom) &&
    sameTime(a.updatedAt, b.updatedAt)
  );
}

/** Freezes the shared object, so no caller can change a tariff another session is priced with. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The engine's tariff of this tariff version (with this cap), compiled once and shared: every session
 * priced with a row of the same version gets the same object, so the engine's compile and day caches hit.
 */
export function engineTariffOfVersion(t: StoredTariffVersion, capExclVat: number | null = null): Tariff {
  const key = `${t.id}/${t.version}/${capExclVat ?? ''}`;
  const hit = versions.get(key);
  if (hit && sameVersion(hit.row, t)) return hit.tariff;
  const tariff = deepFreeze(buildEngineTariff(t, capExclVat));
  compileTariff(tariff);
  if (hit) versions.delete(key);
  else if (versions.size >= MAX_VERSIONS) {
    const oldest = versions.keys().next().value;
    if (oldest !== undefined) versions.delete(oldest);
  }
  // Only the columns compared are kept, not the caller's row object.
  versions.set(key, {
    row: {
      id: t.id,
      version: t.version,
      updatedAt: copy(t.updatedAt),
      elementsJson: t.elementsJson,
      currency: t.currency,
      graceTimeS: t.graceTimeS,
      freeParkingS: t.freeParkingS,
      minPriceExclVat: t.minPriceExclVat,
      maxPriceExclVat: t.maxPriceExclVat,
      maxPriceInclVat: t.maxPriceInclVat,
      vatIncluded: t.vatIncluded,
      validFrom: copy(t.validFrom),
      validTo: copy(t.validTo),
      applyFrom: copy(t.applyFrom),
    },
    tariff,
  });
  return tariff;
}

/** How many versions are held (for tests and the benchmark). */
export function cachedVersionCount(): number {
  return versions.size;
}
