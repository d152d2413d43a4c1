/**
 * @module The charger's Authorize decision from the facts the store gathered (ADR 030, issue 16:
 * gather → decide → write): whether the decision needs the tariff of the station (a currency user's
 * limits, ADR 028), which EMSP tariff that is, and the decision itself with the money used per period.
 * Pure: drizzle/queries/authorization.store.ts reads the facts in one statement and the tariff through
 * its per-operator cache.
 */
import type { Tariff } from '../pricing/types';
import { type Choice, chooseTariff, type TariffCandidate } from '../tariffs/select';
import { minimumToStart } from '../wallets/minimum';
import { payerOf } from '../wallets/payer';
import { moneyUsed, referenceRate } from './currency';
import {
  type AuthorizationDecision,
  type CardFacts,
  cardVerdict,
  decide,
  type StationFacts,
  type UserFacts,
} from './decide';

/** The user's sums over the current day, ISO week and month (Wh, and priced minor units for currency limits). */
export interface UsageSums {
  day_wh: number;
  week_wh: number;
  month_wh: number;
  day_priced: number;
  week_priced: number;
  month_priced: number;
  day_unpriced_wh: number;
  week_unpriced_wh: number;
  month_unpriced_wh: number;
}

export interface ChargerFacts {
  at: Date;
  remote: boolean;
  card: CardFacts | null;
  user: UserFacts | null;
  station: (StationFacts & { timeZone: string }) | null;
  family: readonly number[];
  usage: UsageSums | undefined;
  concurrent: boolean;
  /** The wallet that would pay (the driver's own, else their company's) and its standing (issue 18). */
  wallet?: WalletRow | null;
}

/** A wallet as the decision's statement reads it. */
export interface WalletRow {
  id: number;
  /** Null: the company's own wallet. */
  userId: number | null;
  currency: string;
  /** The ledger's balance (the newest entry's `balance_after`), minor units. */
  balanceMinor: number;
  /** Energy of the sessions in progress the wallet pays (as of their last refresh), Wh. */
  committedWh: number;
  /** The idTag presented (an `EP-` one never pays by wallet). */
  authId: string;
}

/** Whether the card is refused before anything else is read (then neither usage nor tariff matter). */
export function refusedOutright(f: Pick<ChargerFacts, 'card' | 'user' | 'at'>): boolean {
  return cardVerdict(f.card, f.user, f.at) !== null || !f.user;
}

/** A currency user's limits need the tariff of this station (ADR 028); nobody else's do. */
export function needsStationTariff(f: Pick<ChargerFacts, 'card' | 'user' | 'at' | 'station' | 'wallet'>): boolean {
  return !refusedOutright(f) && f.station !== null && (inCurrency(f.user) || Boolean(f.wallet));
}

/**
 * The paying wallet's facts for the decision: its standing (sessions in progress at the reference rate,
 * as ADR 028 counts unpriced energy) and the minimum to start; none when no wallet pays (payer.ts: ad
 * hoc, no wallet, another currency than the tariff's) or no tariff prices a session here (it is free).
 */
function walletFacts(f: ChargerFacts, pricing: { tariff: Tariff; timeZone: string } | null) {
  const w = f.wallet;
  if (!w || !f.user || !pricing) return null;
  const payer = payerOf({
    authId: w.authId,
    userId: f.user.id,
    own: w.userId !== null ? w : null,
    company: w.userId === null ? w : null,
    currency: pricing.tariff.currency,
  });
  if (payer.kind !== 'wallet') return null;
  const rate = referenceRate(pricing.tariff, f.at, pricing.timeZone);
  return {
    standing: {
      walletId: w.id,
      currency: w.currency,
      balanceMinor: w.balanceMinor,
      committedMinor: moneyUsed(0, w.committedWh, rate),
    },
    minimumMinor: minimumToStart(pricing.tariff, f.at, pricing.timeZone),
    pricing,
  };
}

const inCurrency = (user: UserFacts | null) => user?.limitUnit === 'currency' && user.currencyLimits !== null;

/**
 * The EMSP tariff that would price a session starting at `at` at the station (the selection of pricing
 * at close, ADR 013) among the approved EMSP tariffs of the operator's chain.
 */
export function emspTariffAt<T extends TariffCandidate>(
  candidates: readonly T[],
  chain: readonly number[],
  station: { country: string | null },
  at: Date,
  idTag: string,
): Choice<T> | null {
  if (chain.length === 0) return null;
  return chooseTariff(candidates, 'emp', {
    start: at,
    companyChain: chain,
    country: station.country,
    customerGroupId: null,
    paymentType: idTag.startsWith('EP-') ? 'ad_hoc' : 'business_pass',
  });
}

/** The decision; `pricing` is the station's tariff when `needsStationTariff` asked for it (else null). */
export function decideAtCharger(
  f: ChargerFacts,
  pricing: { tariff: Tariff; timeZone: string } | null,
): AuthorizationDecision {
  const { station: s } = f;
  const station: StationFacts | null = s
    ? { id: s.id, type: s.type, companyId: s.companyId, ownerCompanyId: s.ownerCompanyId }
    : null;
  const base = { at: f.at, card: f.card, user: f.user, station, remote: f.remote };
  if (refusedOutright(f)) {
    return decide({ ...base, family: [], usage: { dayWh: 0, weekWh: 0, monthWh: 0 }, concurrent: false });
  }
  const currency = inCurrency(f.user);
  const used = f.usage;
  const rate = currency ? referenceRate(pricing?.tariff ?? null, f.at, s?.timeZone ?? 'Europe/Paris') : 0;
  return decide({
    ...base,
    family: f.family,
    usage: {
      dayWh: used?.day_wh ?? 0,
      weekWh: used?.week_wh ?? 0,
      monthWh: used?.month_wh ?? 0,
      ...(currency && used
        ? {
            money: {
              day: moneyUsed(used.day_priced, used.day_unpriced_wh, rate),
              week: moneyUsed(used.week_priced, used.week_unpriced_wh, rate),
              month: moneyUsed(used.month_priced, used.month_unpriced_wh, rate),
            },
          }
        : {}),
    },
    concurrent: f.concurrent,
    pricing: currency && s ? pricing : null,
    wallet: walletFacts(f, pricing),
  });
}
