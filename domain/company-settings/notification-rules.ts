/**
 * @module The notification channels tab's rules (issue 20 part 2, ADR 036 addendum): the notification
 * types a company subscribes to, each with its comma-separated list of recipients (spec 5), the SOC
 * notification (channel and limit in percent) and the alert countries (ISO 3166-1 alpha-2). Pure: the
 * API writes what `judgeNotifications` returns.
 */
import type { MessageKey } from '@i18n/messages';
import { emailList } from '../reimbursement/settings-input';
import { isIsoCountry } from '../self-service/countries';

/**
 * The spec names `/notification-types` but not its values: these are the company-level events the
 * product knows (ADR 036 addendum says which of them are mailed today).
 */
export const NOTIFICATION_TYPES = [
  'station_offline',
  'connector_faulted',
  'maintenance_ticket',
  'wallet_overdrawn',
  'home_reimbursement_job_failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How a driver is told that the battery reached the SOC limit; null: not at all. */
export const SOC_NOTIFICATION_TYPES = ['email', 'push', 'email_and_push'] as const;
export type SocNotificationType = (typeof SOC_NOTIFICATION_TYPES)[number];

export const SOC_LIMIT_MIN = 1;
export const SOC_LIMIT_MAX = 100;
export const ALERT_COUNTRIES_MAX = 249;

export interface NotificationsInput {
  notification_types: { type: string; emails: string | null }[];
  soc_notification_type: string | null;
  soc_limit: number | null;
  alert_countries: string[];
}

export interface NotificationsValues {
  notification_types: { type: NotificationType; emails: string | null }[];
  soc_notification_type: SocNotificationType | null;
  soc_limit: number | null;
  /** Upper case, unique, sorted. */
  alert_countries: string[];
}

export type NotificationsVerdict =
  | { ok: true; values: NotificationsValues }
  | { ok: false; field: string; key: MessageKey; params?: Record<string, string | number> };

const isType = (t: string): t is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(t);
const isSocType = (t: string): t is SocNotificationType => (SOC_NOTIFICATION_TYPES as readonly string[]).includes(t);

/** The tab's values as stored, or the first field it breaks (a path such as `notification_types.1.emails`). */
export function judgeNotifications(input: NotificationsInput): NotificationsVerdict {
  const types: NotificationsValues['notification_types'] = [];
  for (const [i, entry] of input.notification_types.entries()) {
    if (!isType(entry.type))
      return {
        ok: false,
        field: `notification_types.${i}.type`,
        key: 'notificationTypeUnknown',
        params: { type: entry.type },
      };
    const list = emailList(entry.emails);
    if (!list.ok)
      return {
        ok: false,
        field: `notification_types.${i}.emails`,
        key: 'emailListInvalid',
        params: { address: list.address },
      };
    // The same type twice: its lists are merged.
    const seen = types.find((t) => t.type === entry.type);
    if (seen) {
      // Both lists are valid already, so their union is too.
      const merged = emailList([seen.emails, list.value].filter(Boolean).join(','));
      if (merged.ok) seen.emails = merged.value;
    } else types.push({ type: entry.type, emails: list.value });
  }
  const soc = input.soc_notification_type;
  if (soc !== null && !isSocType(soc)) return { ok: false, field: 'soc_notification_type', key: 'socTypeInvalid' };
  const limit = input.soc_limit;
  const limitOk = limit !== null && Number.isInteger(limit) && limit >= SOC_LIMIT_MIN && limit <= SOC_LIMIT_MAX;
  if ((soc !== null || limit !== null) && !limitOk) return { ok: false, field: 'soc_limit', key: 'socLimitInvalid' };
  const countries = new Set<string>();
  for (const [i, raw] of input.alert_countries.entries()) {
    const code = raw.trim().toUpperCase();
    if (!isIsoCountry(code))
      return { ok: false, field: `alert_countries.${i}`, key: 'alertCountryInvalid', params: { country: raw } };
    countries.add(code);
  }
  types.sort((a, b) => NOTIFICATION_TYPES.indexOf(a.type) - NOTIFICATION_TYPES.indexOf(b.type));
  return {
    ok: true,
    values: {
      notification_types: types,
      soc_notification_type: soc,
      soc_limit: soc === null && limit === null ? null : limit,
      alert_countries: [...countries].sort(),
    },
  };
}
