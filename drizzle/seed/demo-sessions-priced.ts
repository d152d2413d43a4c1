/**
 * @module Prices for a share of the demo sessions, so the price columns, sums and the per-party
 * breakdown can be seen before the pricing engine is wired to session close. Figures follow simple
 * demo tariffs (driver 0,39 €/kWh net + 0,05 €/min on DC + 0,10 €/min parking after 30 min, VAT 20 %;
 * sub-operator 0,30 €/kWh; owner 0,25 €/kWh), in minor units. Every third session stays unpriced,
 * with the reason, to show that unpriced is never 0.
 */
import type { chargingSessions } from '../schema';

type Prices = Partial<typeof chargingSessions.$inferInsert>;

export interface PriceInput {
  energyWh: number;
  chargingMinutes: number;
  parkingMinutes: number;
  qr: boolean;
  dc: boolean;
}

const VAT = 0.2;

export function demoPrices(n: number, s: PriceInput): Prices {
  if (n % 3 === 0)
    return { pricingStatus: 'unpriced', pricingNote: 'No tariff applies to this station and customer group' };
  const kwh = s.energyWh / 1000;
  const netEnergy = Math.round(kwh * 39);
  const time = s.dc ? Math.round(s.chargingMinutes * 5) : 0;
  const netPenalty = Math.round(Math.max(0, s.parkingMinutes - 30) * 10);
  const netTotal = netEnergy + time + netPenalty;
  const vat = Math.round(netTotal * VAT);
  const prices: Prices = {
    pricingStatus: 'priced',
    pricingNote: null,
    empNetEnergy: netEnergy,
    empEnergy: Math.round(netEnergy * (1 + VAT)),
    empTime: time,
    empNetPenalty: netPenalty,
    empPenalty: Math.round(netPenalty * (1 + VAT)),
    empNetTotal: netTotal,
    empTotal: netTotal + vat,
    vatValue: vat,
  };
  if (!s.qr) {
    const subEnergy = Math.round(kwh * 30);
    const subPenalty = Math.round(netPenalty * 0.5);
    Object.assign(prices, {
      subcpoEnergy: subEnergy,
      subcpoTime: time,
      subcpoPenalty: subPenalty,
      subcpoTotal: subEnergy + time + subPenalty,
      ownerEnergy: Math.round(kwh * 25),
      ownerPenalty: Math.round(netPenalty * 0.3),
      ownerTotal: Math.round(kwh * 25) + Math.round(netPenalty * 0.3),
      ownerCostPerKwh: 25_000,
    } satisfies Prices);
  }
  return prices;
}
