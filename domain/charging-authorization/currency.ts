/**
 * @module Limits in the company currency (ADR 028): how much of a money limit a driver has used, and
 * the price so far of a session in progress under the tariff that will price it. Pure; the facts
 * come from `drizzle/queries/authorization.store.ts` and the ChargePoint object.
 *
 * Rules (the specification says only "limits in kWh or currency"):
 * - The money a session costs is what the driver is billed: the e-mobility provider's price incl.
 *   VAT (`emp_price_total`), once the session is priced.
 * - A session of the period not priced yet (in progress, just closed and waiting for pricing, or
 *   without an applicable tariff) counts its energy at the reference rate: what the EMSP tariff that
 *   would price a session at this station now charges per kWh for a reference session (10 kWh in one
 *   hour, flat and time fees included). This errs on the side of refusing rather than letting a
 *   driver overspend while pricing catches up. Without a tariff at this station the rate is 0: the
 *   session about to start would cost nothing either.
 * - During a session the money left when it started is compared, on each MeterValues, with the
 *   engine's price of the session so far (start to the reading, energy from meter start to the
 *   register): time-of-day, energy, time and flat components are all counted as pricing will.
 */
import { priceSession } from '../pricing/engine';
import { timelineFromMeterValues } from '../pricing/timeline';
import type { Tariff } from '../pricing/types';

/** The reference session the rate of unpriced sessions is measured on. */
export const REFERENCE_SESSION = { energyWh: 10_000, durationMs: 3_600_000 } as const;

/** Minor units per kWh (may be fractional) the tariff charges for the reference session starting at `at`; 0 when it prices nothing. */
export function referenceRate(tariff: Tariff | null, at: Date, timeZone: string): number {
  if (!tariff) return 0;
  const start = at.getTime();
  const result = priceSession(
    tariff,
    timelineFromMeterValues({
      start,
      end: start + REFERENCE_SESSION.durationMs,
      meterStartWh: 0,
      meterStopWh: REFERENCE_SESSION.energyWh,
    }),
    { timeZone },
  );
  if (result.kind !== 'priced') return 0;
  return result.totals.inclVat / (REFERENCE_SESSION.energyWh / 1000);
}

/** Money used in a period: priced sessions at their price, the others' energy at the rate (rounded up). */
export function moneyUsed(pricedMinor: number, unpricedWh: number, rateMinorPerKwh: number): number {
  return pricedMinor + Math.ceil((unpricedWh / 1000) * rateMinorPerKwh);
}

/** "12.50 EUR" from minor units (two decimals, as currency limits are entered). */
export function formatMoney(minorUnits: number, currency: string): string {
  return `${(minorUnits / 100).toFixed(2)} ${currency}`;
}

/**
 * The price so far (minor units incl. VAT) of a session started at `startedAt` with `meterStartWh`,
 * read at `at` with the register at `registerWh`; null when the tariff prices nothing. The grace time is
 * ignored: a session shorter than it is free at close, but one still running is not short yet (priced as
 * free, a 150 kW charge spent two minutes of a prepaid balance before the first check could see it:
 * measured with the simulator, a 2.00 EUR balance stopped at 2.46 EUR).
 */
export function priceSoFar(
  tariff: Tariff,
  timeZone: string,
  startedAt: number,
  meterStartWh: number,
  at: number,
  registerWh: number,
): number | null {
  const result = priceSession(
    tariff,
    timelineFromMeterValues({
      start: startedAt,
      end: Math.max(at, startedAt),
      meterStartWh,
      meterStopWh: Math.max(registerWh, meterStartWh),
    }),
    { timeZone, ignoreGraceTime: true },
  );
  return result.kind === 'priced' ? result.totals.inclVat : null;
}
