/** @module One session cell as shown: the display rules of spec section 9 applied per column kind. */

import { cetDateTime, duration, money } from '@domain/sessions/display';
import { Badge, Text } from '@shopify/polaris';
import type { TFunction } from 'i18next';
import { tKey } from '../../i18n/resources';
import { formatKwh, formatMoneyPerKwh, formatPowerKw } from '../../lib/format';

export interface ColumnInfo {
  key: string;
  kind: string;
  sum: boolean;
  party: string | null;
}

type Value = string | number | boolean | null | undefined;

/** In progress stands out; a refused start or a session ended without its stop asks for a look (ADR 040). */
const STATUS_TONE: Record<string, 'info' | 'warning' | undefined> = {
  in_progress: 'info',
  refused: 'warning',
  ended_without_stop: 'warning',
};

export function formatCell(
  t: TFunction,
  col: ColumnInfo,
  value: Value,
  row: Record<string, Value>,
  currency: string,
  language: string,
) {
  switch (col.kind) {
    case 'datetime':
      return cetDateTime(value as string | null, language);
    case 'energy':
      return typeof value === 'number' ? formatKwh(value, currency) : '—';
    case 'power':
      return typeof value === 'number' ? formatPowerKw(value, currency) : '—';
    case 'seconds':
      return typeof value === 'number' ? duration(value) : '—';
    case 'minutes':
      return typeof value === 'number' ? duration(value * 60) : '—';
    case 'money': {
      if (row.qr_payment && col.party !== 'emp') {
        return (
          <Text as="span" tone="subdued">
            {t('sessions.qrProviderOnly')}
          </Text>
        );
      }
      const shown =
        col.key === 'owner_cost_per_kwh'
          ? formatMoneyPerKwh(value as number | null, currency)
          : money(value as number | null, currency);
      if (row.pricing_status !== 'priced' || shown === null) {
        return <Badge tone="attention">{t('sessions.unpriced')}</Badge>;
      }
      return shown;
    }
    case 'flag':
      return value ? <Badge tone="warning">{t('sessions.yes')}</Badge> : t('sessions.no');
    case 'status':
      return <Badge tone={STATUS_TONE[String(value)]}>{tKey(t, `sessions.status.${String(value)}`)}</Badge>;
    default:
      return value === null || value === undefined || value === '' ? '—' : String(value);
  }
}

/** A footer sum: money, energy or durations over the whole filtered list; price sums may be unpriced. */
export function formatSum(t: TFunction, col: ColumnInfo, value: number | null | undefined, currency: string) {
  if (!col.sum) return '';
  if (value === null || value === undefined) {
    return col.kind === 'money' ? <Badge tone="attention">{t('sessions.unpriced')}</Badge> : '—';
  }
  switch (col.kind) {
    case 'money':
      return money(value, currency);
    case 'energy':
      return formatKwh(value, currency);
    case 'seconds':
      return duration(value);
    case 'minutes':
      return duration(value * 60);
    default:
      return String(value);
  }
}
