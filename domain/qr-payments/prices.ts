/**
 * @module The driver prices the pay-by-QR page shows (spec 9: only the provider prices of that
 * payment method): each price component of the ad-hoc tariff, VAT included, once per kind and price;
 * a component under restrictions (time of day, power, duration…) is flagged so the page says so.
 */
import type { Dimension, Tariff } from '../pricing/types';

export interface PriceLine {
  type: Dimension;
  /** Incl. VAT, 1/10,000 of the major unit. */
  price_incl_vat: number;
  restricted: boolean;
}

const ORDER: Record<Dimension, number> = { ENERGY: 0, TIME: 1, FLAT: 2, PARKING_TIME: 3 };

export function driverPriceLines(tariff: Pick<Tariff, 'elements'>): PriceLine[] {
  const seen = new Set<string>();
  const lines: PriceLine[] = [];
  for (const element of tariff.elements) {
    const restricted = Object.keys(element.restrictions ?? {}).length > 0;
    for (const c of element.priceComponents) {
      const price = Math.round((c.price * (10_000 + (c.vatBp ?? 0))) / 10_000);
      const key = `${c.type}:${price}:${restricted}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push({ type: c.type, price_incl_vat: price, restricted });
    }
  }
  return lines.sort((a, b) => ORDER[a.type] - ORDER[b.type] || Number(a.restricted) - Number(b.restricted));
}
