/**
 * @module The rows of the authorization decision's statement (authorization.store.ts) and their mapping
 * to the decision's user facts: types and a pure mapping, no SQL.
 */
import type { UsageSums } from '../../domain/charging-authorization/at-charger';
import type { CardFacts, StationFacts, UserFacts } from '../../domain/charging-authorization/decide';

export interface CardRow {
  card_id: number;
  card_status: CardFacts['status'];
  expires_at: number | null;
  card_user_id: number | null;
  /** The card's OCPP group id (idTagInfo.parentIdTag). */
  parent_id_tag: string | null;
  user_id: number | null;
  user_status: UserFacts['status'] | null;
  company_id: number;
  can_charge_public: number;
  can_charge_work: number;
  can_charge_home: number;
  only_private: number;
  daily_limit: number | null;
  weekly_limit: number | null;
  monthly_limit: number | null;
  charge_only_with_rfid: number;
  limit_unit: 'kwh' | 'currency';
  daily_minor: number | null;
  weekly_minor: number | null;
  monthly_minor: number | null;
  currency: string | null;
}

export interface StationRow {
  id: number;
  type: StationFacts['type'];
  company_id: number;
  owner_company_id: number | null;
  country: string | null;
  time_zone: string;
}

export type UsageRow = UsageSums;

export function userOf(r: CardRow): UserFacts | null {
  if (r.user_id === null || r.user_status === null) return null;
  return {
    id: r.user_id,
    status: r.user_status,
    companyId: r.company_id,
    canChargePublic: r.can_charge_public === 1,
    canChargeWork: r.can_charge_work === 1,
    canChargeHome: r.can_charge_home === 1,
    onlyPrivate: r.only_private === 1,
    dailyLimit: r.daily_limit,
    weeklyLimit: r.weekly_limit,
    monthlyLimit: r.monthly_limit,
    limitUnit: r.limit_unit === 'currency' ? 'currency' : 'kwh',
    currencyLimits:
      r.daily_minor || r.weekly_minor || r.monthly_minor
        ? { daily: r.daily_minor, weekly: r.weekly_minor, monthly: r.monthly_minor }
        : null,
    currency: r.currency ?? 'EUR',
    chargeOnlyWithRfid: r.charge_only_with_rfid === 1,
  };
}
