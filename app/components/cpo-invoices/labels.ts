/** @module The operator invoice board's labels shared by its screens: statuses and their tones, the three checks. */
import {
  CPO_INVOICE_CHECKS,
  CPO_INVOICE_STATUSES,
  type CpoInvoiceCheck,
  type CpoInvoiceStatus,
} from '@domain/billing/cpo-invoice';
import type { TFunction } from 'i18next';

export { CPO_INVOICE_CHECKS, CPO_INVOICE_STATUSES, type CpoInvoiceCheck, type CpoInvoiceStatus };

const STATUS_KEY = {
  draft: 'cpoInvoices.statusDraft',
  checked: 'cpoInvoices.statusChecked',
  sent: 'cpoInvoices.statusSent',
  paid: 'cpoInvoices.statusPaid',
  disputed: 'cpoInvoices.statusDisputed',
} as const satisfies Record<CpoInvoiceStatus, string>;

const CHECK_KEY = {
  sessions_checked: 'cpoInvoices.checkSessions',
  amounts_checked: 'cpoInvoices.checkAmounts',
  sent_to_operator: 'cpoInvoices.checkSent',
} as const satisfies Record<CpoInvoiceCheck, string>;

export const STATUS_TONE = {
  draft: undefined,
  checked: 'info',
  sent: 'attention',
  paid: 'success',
  disputed: 'critical',
} as const satisfies Record<CpoInvoiceStatus, 'info' | 'attention' | 'success' | 'critical' | undefined>;

export const statusLabel = (t: TFunction, status: CpoInvoiceStatus) => t(STATUS_KEY[status]);
export const checkLabel = (t: TFunction, check: CpoInvoiceCheck) => t(CHECK_KEY[check]);
