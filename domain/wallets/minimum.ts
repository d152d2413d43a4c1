/**
 * @module The least prepaid balance a driver needs to start a session (issue 18 part 3). Pure.
 *
 * The minimum is what the EMSP tariff that will price a session here now (the selection of ADR 028,
 * already made for currency limits) charges a reference start: 1 kWh in 10 minutes, its flat (start)
 * fee, energy, time and step rules included, incl. VAT; at least one minor unit, so an empty wallet
 * never starts a priced session. Where no tariff applies (or it prices nothing) there is no minimum:
 * such a session costs nothing and debits nothing.
 *
 * The balance compared with it is the wallet's balance minus what the wallet's sessions in progress
 * have committed (their energy at ADR 028's reference rate), so two cards of one wallet cannot start
 * on the same money.
 */
import { formatMoney } from '../charging-authorization/currency';
import { priceSession } from '../pricing/engine';
import { timelineFromMeterValues } from '../pricing/timeline';
import type { Tariff } from '../pricing/types';

/** The reference start the minimum is priced on. */
export const MINIMUM_REFERENCE = { energyWh: 1_000, durationMs: 10 * 60_000 } as const;

/** Minor units needed to start at `at` under the tariff; null when no tariff applies or it prices nothing. */
export function minimumToStart(tariff: Tariff | null, at: Date, timeZone: string): number | null {
  if (!tariff) return null;
  const start = at.getTime();
  const result = priceSession(
    tariff,
    timelineFromMeterValues({
      start,
      end: start + MINIMUM_REFERENCE.durationMs,
      meterStartWh: 0,
      meterStopWh: MINIMUM_REFERENCE.energyWh,
    }),
    { timeZone },
  );
  if (result.kind !== 'priced') return null;
  return Math.max(1, Math.ceil(result.totals.inclVat));
}

export interface WalletStanding {
  walletId: number;
  currency: string;
  /** The ledger's balance (newest entry's `balance_after`), minor units. */
  balanceMinor: number;
  /** What the wallet's sessions in progress have used so far (energy at the reference rate). */
  committedMinor: number;
}

/** The money a new or running session may still spend: balance minus what is committed, never below 0. */
export function spendable(w: WalletStanding): number {
  return Math.max(0, w.balanceMinor - w.committedMinor);
}

/** Null when the wallet may start; otherwise the reason, with the amounts, for the log and the remark. */
export function belowMinimum(w: WalletStanding, minimumMinor: number | null): string | null {
  if (minimumMinor === null) return null;
  const available = w.balanceMinor - w.committedMinor;
  if (available >= minimumMinor) return null;
  const need = formatMoney(minimumMinor, w.currency);
  if (w.committedMinor > 0) {
    return (
      `The prepaid balance of ${formatMoney(w.balanceMinor, w.currency)} ` +
      `(${formatMoney(available, w.currency)} after the sessions in progress) is below the ${need} needed to start.`
    );
  }
  return `The prepaid balance of ${formatMoney(w.balanceMinor, w.currency)} is below the ${need} needed to start.`;
}
