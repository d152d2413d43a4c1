/** @module How the wallet screens name a ledger entry's kind and a wallet's auto-recharge, in the page's language. */
import type { TFunction } from 'i18next';
import { tKey } from '../../i18n/resources';
import { formatMoney } from '../../lib/format';

/** Ledger rows per page on a wallet's page. */
export const LEDGER_PAGE_SIZE = 20;

export type EntryKind = 'top_up' | 'session_debit' | 'refund' | 'adjustment';

const KIND_KEYS: Record<EntryKind, string> = {
  top_up: 'wallets.kindTopUp',
  session_debit: 'wallets.kindSessionDebit',
  refund: 'wallets.kindRefund',
  adjustment: 'wallets.kindAdjustment',
};

export const kindLabel = (t: TFunction, kind: EntryKind): string => tKey(t, KIND_KEYS[kind]);

export const KIND_TONE: Record<EntryKind, 'success' | 'info' | 'attention' | undefined> = {
  top_up: 'success',
  session_debit: undefined,
  refund: 'info',
  adjustment: 'attention',
};

export function autoRechargeLabel(
  t: TFunction,
  w: { autoRechargeThreshold: number | null; autoRechargeAmount: number | null; currency: string },
): string {
  if (w.autoRechargeThreshold === null || w.autoRechargeAmount === null) return t('wallets.autoRechargeOff');
  return t('wallets.autoRechargeOn', {
    threshold: formatMoney(w.autoRechargeThreshold, w.currency),
    amount: formatMoney(w.autoRechargeAmount, w.currency),
  });
}
