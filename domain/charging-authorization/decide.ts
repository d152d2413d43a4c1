/**
 * @module Whether an idTag may charge at a station: the pure rules behind OCPP Authorize and
 * StartTransaction (and remote starts). The facts are gathered by `drizzle/queries/authorization.store.ts`.
 *
 * Choices the specification leaves open, kept here so the customer-service log can quote them:
 * - An unknown card, an unlinked card and a card assigned to nobody are Invalid: none identifies a
 *   driver. A blocked card, a card whose user was deleted, a station the user's permissions exclude
 *   and an exhausted limit are Blocked: the driver is known but may not charge (OCPP has no finer
 *   status, and Blocked keeps charge points from treating the card as unknown).
 * - Checks run in this order: card, user, remote start of a card-only user, concurrent transaction,
 *   station permission, limits (kWh or currency, as the company sets), the prepaid balance against the
 *   minimum to start (issue 18); the first failure is the answer.
 */

export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

import type { Tariff } from '../pricing/types';
import type { StationType } from '../stations/statuses';
import { belowMinimum, type WalletStanding } from '../wallets/minimum';
import { prepaidBudget, withPrepaid } from '../wallets/prepaid-budget';
import { formatMoney } from './currency';
import { type Budget, CURRENCY_LIMITS, energyBudget, LIMITS, moneyBudget, refreshTime } from './limits';
import { nextDayStart } from './periods';

export type { StationType };

export interface CardFacts {
  id: number;
  status: 'active' | 'blocked' | 'unlinked';
  expiresAt: Date | null;
  userId: number | null;
  /** The card's OCPP group id, answered in idTagInfo whatever the status. */
  parentIdTag?: string | null;
}

export interface UserFacts {
  id: number;
  status: 'active' | 'deleted';
  companyId: number;
  canChargePublic: boolean;
  canChargeWork: boolean;
  canChargeHome: boolean;
  onlyPrivate: boolean;
  /** kWh; null or 0 means no limit (setting zero removes a limit). */
  dailyLimit: number | null;
  weeklyLimit: number | null;
  monthlyLimit: number | null;
  /** The company's limit unit (fleet_company_settings.limit_unit): which of the two sets of limits applies. */
  limitUnit: 'kwh' | 'currency';
  /** Minor units of `currency`; null or 0 means no limit. Only read when `limitUnit` is currency. */
  currencyLimits: { daily: number | null; weekly: number | null; monthly: number | null } | null;
  /** The company currency. */
  currency: string;
  /** Users who may charge only with their card: no remote (app or back-office) start. */
  chargeOnlyWithRfid?: boolean;
}

export interface StationFacts {
  id: number;
  type: StationType;
  /** Operator company. */
  companyId: number;
  ownerCompanyId: number | null;
}

/** Wh the user has used in the current day, ISO week and month (company clock). */
export interface Usage {
  dayWh: number;
  weekWh: number;
  monthWh: number;
  /** Money used per period (minor units, ADR 028), for users whose limits are in currency. */
  money?: { day: number; week: number; month: number };
}

export interface AuthorizationFacts {
  at: Date;
  card: CardFacts | null;
  user: UserFacts | null;
  station: StationFacts | null;
  /** Companies whose work and private stations the user may use: see `chargingFamily`. */
  family: readonly number[];
  usage: Usage;
  /** Another in-progress session already uses this idTag. */
  concurrent: boolean;
  /** A remote start (app or back office) rather than a card at the charger. */
  remote?: boolean;
  /** Currency limits: the tariff that will price a session here now (null: none applies, it is free). */
  pricing?: { tariff: Tariff; timeZone: string } | null;
  /**
   * The prepaid wallet that pays (domain/wallets/payer.ts), with the minimum to start and the tariff
   * that will price the session (issue 18); absent: postpaid, or a session that costs nothing.
   */
  wallet?: {
    standing: WalletStanding;
    minimumMinor: number | null;
    pricing: { tariff: Tariff; timeZone: string };
  } | null;
}

export interface AuthorizationDecision {
  status: AuthorizationStatus;
  /** Accepted only: what the user may still use before a limit is reached (null: no limit). */
  budget?: Budget | null;
  userId?: number;
  rfidId?: number;
  expiryDate?: string;
  /** The card's group id, for idTagInfo.parentIdTag. */
  parentIdTag?: string;
  reason: string;
  /** Refused because the prepaid balance is below the minimum to start (issue 18): the refusal is logged. */
  prepaidRefusal?: boolean;
  /** No card of ours has this UUID: a roaming partner's token may still be (OCPI, ADR 057). */
  unknownCard?: boolean;
  /** Decided for a roaming partner's token: the session it starts is that peering's (OCPI, ADR 057). */
  ocpi?: {
    peeringId: number;
    tokenUid: string;
    authorizationReference: string | null;
    /** How the partner's token was authorized: the Session's and CDR's `auth_method`. */
    authMethod?: 'AUTH_REQUEST' | 'COMMAND' | 'WHITELIST';
  };
}

type Verdict = { status: Exclude<AuthorizationStatus, 'Accepted'>; reason: string };

/** The card and its holder alone; null when both are usable. Also used to skip the other queries. */
export function cardVerdict(
  card: CardFacts | null,
  user: Pick<UserFacts, 'id' | 'status'> | null,
  at: Date,
): Verdict | null {
  if (!card) return { status: 'Invalid', reason: 'Unknown RFID: no card has this UUID.' };
  if (card.status === 'blocked') return { status: 'Blocked', reason: 'The RFID has been blocked.' };
  if (card.status === 'unlinked') return { status: 'Invalid', reason: 'The RFID has been unlinked.' };
  if (card.expiresAt && card.expiresAt.getTime() <= at.getTime()) {
    return { status: 'Expired', reason: `The RFID expired on ${card.expiresAt.toISOString()}.` };
  }
  if (card.userId === null || !user) return { status: 'Invalid', reason: 'The RFID is not assigned to a user.' };
  if (user.status !== 'active') return { status: 'Blocked', reason: `User ${user.id} has been deleted.` };
  return null;
}

/** Whether the station's type and ownership fit the user's charging permissions. */
/** What a station decision reads of a user: the charging permissions, never the limits. */
export type PermissionFacts = Pick<
  UserFacts,
  'companyId' | 'canChargePublic' | 'canChargeWork' | 'canChargeHome' | 'onlyPrivate'
>;

export function stationVerdict(
  user: PermissionFacts,
  station: StationFacts,
  family: readonly number[],
): Verdict | null {
  const refuse = (reason: string): Verdict => ({ status: 'Blocked', reason });
  const inFamily =
    family.includes(station.companyId) || (station.ownerCompanyId !== null && family.includes(station.ownerCompanyId));
  // A home station belongs to whoever owns it; without an owner, to its operator.
  const ownHome = (station.ownerCompanyId ?? station.companyId) === user.companyId;
  if (user.onlyPrivate) {
    if (station.type === 'home' && ownHome) return null;
    if (station.type === 'private' && inFamily) return null;
    return refuse(`User may charge only at private or home stations of their company; station ${station.id} is not.`);
  }
  switch (station.type) {
    case 'public':
      return user.canChargePublic ? null : refuse('User has no permission to charge at public stations.');
    case 'work':
    case 'private':
      if (!user.canChargeWork) return refuse(`User has no permission to charge at ${station.type} stations.`);
      return inFamily
        ? null
        : refuse(`Station ${station.id} belongs to neither the user's company nor a company it may charge at.`);
    case 'home':
      if (!user.canChargeHome) return refuse('User has no permission to charge at home stations.');
      return ownHome ? null : refuse(`Station ${station.id} is not the home station of the user's company.`);
  }
}

/** A limit is exhausted once the period's energy (or money, for currency limits) reaches it. */
export function limitVerdict(user: UserFacts, usage: Usage): Verdict | null {
  if (user.limitUnit === 'currency') {
    for (const [name, limitKey, usageKey] of CURRENCY_LIMITS) {
      const limit = user.currencyLimits?.[limitKey];
      if (!limit || !usage.money) continue;
      const used = usage.money[usageKey];
      if (used >= limit) {
        return {
          status: 'Blocked',
          reason: `The ${name} limit of ${formatMoney(limit, user.currency)} is reached (${formatMoney(used, user.currency)} used).`,
        };
      }
    }
    return null;
  }
  for (const [name, limitKey, usageKey] of LIMITS) {
    const limit = user[limitKey];
    if (!limit) continue;
    const used = usage[usageKey];
    if (used >= limit * 1000) {
      return { status: 'Blocked', reason: `The ${name} limit of ${limit} kWh is reached (${used / 1000} kWh used).` };
    }
  }
  return null;
}

export function decide(f: AuthorizationFacts): AuthorizationDecision {
  const ids = {
    ...(f.card ? { rfidId: f.card.id } : {}),
    ...(f.user ? { userId: f.user.id } : {}),
    ...(f.card?.expiresAt ? { expiryDate: f.card.expiresAt.toISOString() } : {}),
    ...(f.card?.parentIdTag ? { parentIdTag: f.card.parentIdTag } : {}),
  };
  const verdict =
    cardVerdict(f.card, f.user, f.at) ??
    (f.remote && f.user?.chargeOnlyWithRfid
      ? ({
          status: 'Blocked',
          reason: 'User may charge only with their RFID card at the charger: remote starts are refused.',
        } as const)
      : null) ??
    (f.concurrent
      ? ({ status: 'ConcurrentTx', reason: 'The RFID is already used by a session in progress.' } as const)
      : null) ??
    (f.station ? null : ({ status: 'Invalid', reason: 'Unknown station.' } as const)) ??
    (f.user && f.station ? stationVerdict(f.user, f.station, f.family) : null);
  const walletRefusal = (): Verdict | null => {
    const reason = f.wallet ? belowMinimum(f.wallet.standing, f.wallet.minimumMinor) : null;
    return reason ? { status: 'Blocked', reason } : null;
  };
  const spent = !verdict && f.user ? limitVerdict(f.user, f.usage) : null;
  const prepaid = !verdict && !spent && f.user ? walletRefusal() : null;
  const limitRefusal = spent ?? prepaid;
  const budget = (): Budget | null => {
    if (!f.user) return null;
    const limit =
      f.user.limitUnit === 'currency' ? moneyBudget(f.user, f.usage, f.pricing ?? null) : energyBudget(f.user, f.usage);
    const b = withPrepaid(limit, f.wallet ? prepaidBudget(f.wallet.standing, f.wallet.pricing) : null);
    return b ? { ...b, refreshAt: refreshTime(f.at.getTime(), nextDayStart(f.at).getTime()) } : null;
  };
  if (verdict) return { ...ids, ...verdict };
  // A spent limit (or balance) still carries its budget: a session in progress that refreshes it stops at it.
  if (limitRefusal) return { ...ids, ...limitRefusal, budget: budget(), ...(prepaid ? { prepaidRefusal: true } : {}) };
  return {
    ...ids,
    status: 'Accepted',
    budget: budget(),
    reason: 'Card, user, station permission and limits all allow charging.',
  };
}
