/**
 * @module OCPI as e-mobility provider, pure (ADR 057 addendum "EMSP: locations and tariffs"): which
 * party a peering's partner may push for, how a PATCH merges into what we hold (a late or duplicated
 * one never overwrites newer data), the `Link` of a sender's page, and a readable price summary of a
 * partner's Tariff for the roaming-details screen.
 */
import { alpha3 } from './location-values';
import type { Connector, Evse, Location } from './locations';
import type { CredentialsRole } from './schemas';
import type { Tariff } from './tariffs';
import { ocpiTime } from './tokens';

/** Whether the partner of a peering registered this party (country code, party id) in this role. */
export function ownsParty(rolesJson: string, role: 'CPO' | 'EMSP', country: string, party: string): boolean {
  let roles: CredentialsRole[] = [];
  try {
    roles = JSON.parse(rolesJson) as CredentialsRole[];
  } catch {
    return false;
  }
  return roles.some(
    (r) =>
      r.role === role &&
      r.country_code.toUpperCase() === country.toUpperCase() &&
      r.party_id.toUpperCase() === party.toUpperCase(),
  );
}

/** An OCPI DateTime as epoch ms, clamped to `now` plus five minutes: a date in the future never wins over later updates. */
export function stampOf(lastUpdated: string, now = Date.now()): number {
  return Math.min(ocpiTime(lastUpdated), now + 5 * 60_000);
}

/** The later of two OCPI DateTimes (as written). */
export const laterStamp = (a: string, b: string) => (ocpiTime(a) >= ocpiTime(b) ? a : b);

/** A Location split for storage: the object without its EVSEs, and the EVSEs. */
export function splitLocation(location: Location): { location: Omit<Location, 'evses'>; evses: Evse[] } {
  const { evses, ...rest } = location;
  return { location: rest, evses: evses ?? [] };
}

/**
 * A PATCH of an EVSE applied to the stored EVSE: fields replaced, `connectors` merged by id (a PATCH may
 * carry some connectors only). Null when the PATCH is not newer than what we hold (late or duplicated).
 */
export function patchEvse(stored: Evse, patch: Record<string, unknown> & { last_updated: string }): Evse | null {
  if (ocpiTime(patch.last_updated) <= ocpiTime(stored.last_updated)) return null;
  const connectors = Array.isArray(patch.connectors)
    ? mergeById(stored.connectors, patch.connectors as Partial<Connector>[])
    : stored.connectors;
  return { ...stored, ...patch, connectors } as Evse;
}

/** A PATCH of a Connector applied within its EVSE (the EVSE's `last_updated` follows); null when not newer. */
export function patchConnector(
  stored: Evse,
  connectorId: string,
  patch: Record<string, unknown> & { last_updated: string },
): Evse | null {
  const connector = stored.connectors.find((c) => c.id === connectorId);
  if (!connector || ocpiTime(patch.last_updated) <= ocpiTime(connector.last_updated)) return null;
  return {
    ...stored,
    last_updated: laterStamp(stored.last_updated, patch.last_updated),
    connectors: stored.connectors.map((c) => (c.id === connectorId ? ({ ...c, ...patch, id: c.id } as Connector) : c)),
  };
}

/** A Connector PUT within its EVSE (added or replaced); null when not newer than the one we hold. */
export function putConnector(stored: Evse, connector: Connector): Evse | null {
  const held = stored.connectors.find((c) => c.id === connector.id);
  if (held && ocpiTime(connector.last_updated) <= ocpiTime(held.last_updated)) return null;
  const connectors = held
    ? stored.connectors.map((c) => (c.id === connector.id ? connector : c))
    : [...stored.connectors, connector];
  return { ...stored, connectors, last_updated: laterStamp(stored.last_updated, connector.last_updated) };
}

function mergeById(stored: readonly Connector[], patches: readonly Partial<Connector>[]): Connector[] {
  const out = [...stored];
  for (const p of patches) {
    const i = out.findIndex((c) => c.id === p.id);
    if (i >= 0) out[i] = { ...out[i], ...p } as Connector;
    else out.push(p as Connector);
  }
  return out;
}

/** The URL of the next page from a sender's `Link` header (`<url>; rel="next"`), or null on the last page. */
export function nextPageUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (m?.[1]) return m[1];
  }
  return null;
}

/** The prices of one dimension across a tariff's elements (excl. VAT, in the tariff's currency). */
export interface PriceRange {
  min: number;
  max: number;
}

/**
 * A readable summary of a Tariff: per dimension the lowest and highest price across its elements
 * (energy per kWh, time and parking per hour, flat per session), the currency, and whether some
 * elements apply only under restrictions (time of day, power, duration…).
 */
export interface TariffSummary {
  id: string;
  currency: string;
  type: NonNullable<Tariff['type']> | null;
  energy: PriceRange | null;
  time: PriceRange | null;
  flat: PriceRange | null;
  parking: PriceRange | null;
  restricted: boolean;
  min_price: number | null;
  max_price: number | null;
  alt_text: string | null;
}

export function tariffSummary(t: Tariff, language = 'en'): TariffSummary {
  const ranges: Record<'ENERGY' | 'TIME' | 'FLAT' | 'PARKING_TIME', PriceRange | null> = {
    ENERGY: null,
    TIME: null,
    FLAT: null,
    PARKING_TIME: null,
  };
  for (const element of t.elements)
    for (const pc of element.price_components) {
      const r = ranges[pc.type];
      ranges[pc.type] = r
        ? { min: Math.min(r.min, pc.price), max: Math.max(r.max, pc.price) }
        : { min: pc.price, max: pc.price };
    }
  const alt = t.tariff_alt_text?.find((x) => x.language === language) ?? t.tariff_alt_text?.[0];
  return {
    id: t.id,
    currency: t.currency,
    type: t.type ?? null,
    energy: ranges.ENERGY,
    time: ranges.TIME,
    flat: ranges.FLAT,
    parking: ranges.PARKING_TIME,
    restricted: t.elements.some((e) => e.restrictions !== undefined && Object.keys(e.restrictions).length > 0),
    min_price: t.min_price?.excl_vat ?? null,
    max_price: t.max_price?.excl_vat ?? null,
    alt_text: alt?.text ?? null,
  };
}

let alpha2ByAlpha3: Map<string, string> | null = null;

/** The alpha-2 code (our countries) of an OCPI alpha-3 country, among the countries we serve; null otherwise. */
export function countryOfAlpha3(a3: string): string | null {
  if (!alpha2ByAlpha3) {
    alpha2ByAlpha3 = new Map();
    const A = 'A'.charCodeAt(0);
    for (let i = 0; i < 26; i++)
      for (let j = 0; j < 26; j++) {
        const a2 = String.fromCharCode(A + i, A + j);
        const three = alpha3(a2);
        if (three && three !== a2) alpha2ByAlpha3.set(three, a2);
      }
  }
  return alpha2ByAlpha3.get(a3.toUpperCase()) ?? null;
}
