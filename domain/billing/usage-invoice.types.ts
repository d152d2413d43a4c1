/** @module The shapes of a monthly usage invoice (issue 17 part 7): its facts, lines, totals and fee codes with their line texts. */

export const FEE_CODES = ['keyfob', 'saas', 'cpms', 'connector', 'sim', 'platform', 'home_reimbursement'] as const;
export type FeeCode = (typeof FEE_CODES)[number];

/** Fees of spec section 3 in minor units of the company currency; null when not set. */
export interface CompanyFees {
  keyfob: number | null;
  saas: number | null;
  cpms: number | null;
  connectorMonthly: number | null;
  simMonthly: number | null;
  platformAnnual: number | null;
}

export interface UsageCompany {
  id: number;
  currency: string;
  timeZone: string;
  fees: CompanyFees;
  /** Day of month 1-28 or 'eom' (subscriptions); usage invoices cover the calendar month. */
  billingCycleAnchor: string | null;
  /** 'YYYY-MM-DD' or null. */
  contractStartDate: string | null;
  contractEndDate: string | null;
  createdAt: Date;
}

export interface UsageCounts {
  activeKeyfobs: number;
  connectors: number;
  /** Null when the schema has no SIMs to count. */
  sims: number | null;
}

export interface UsageSession {
  id: number;
  stationName: string | null;
  startAt: Date;
  energyWh: number | null;
  /** The EMSP perspective's total incl. VAT, minor units; null when unpriced for it. */
  empTotal: number | null;
  currency: string;
  needsRevision: boolean;
  billed: boolean;
}

export interface PendingOneTimeProduct {
  id: number;
  productName: string;
  quantity: number;
  unitAmount: number;
  currency: string;
}

export type UsageLine =
  | (LineBase & { kind: 'session'; sessionId: number; energyWh: number | null })
  /** `reimbursementIds`: the home reimbursements a `home_reimbursement` fee bills (marked with the invoice). */
  | (LineBase & { kind: 'fee'; fee: FeeCode; reimbursementIds?: number[] })
  | (LineBase & { kind: 'one_time'; oneTimeProductId: number });

export interface LineBase {
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

export interface UsageInvoice {
  period: string;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  lines: UsageLine[];
  sessionsTotal: number;
  feesTotal: number;
  oneTimeTotal: number;
  /** Sum of the lines; no tax is added (a session's EMSP total already includes VAT). */
  total: number;
  summary: {
    sessions: number;
    /** Sessions with `cdr_needs_revision` set: billed on the first invoice after their revision. */
    heldBack: number[];
    alreadyBilled: number;
    noEmspPrice: number;
    otherCurrency: number[];
    /** Counts the schema cannot give, for fees that are set (their lines are missing). */
    uncounted: FeeCode[];
    platformFeeMonth: boolean;
  };
}

export interface UsageFacts {
  company: UsageCompany;
  /** 'YYYY-MM'. */
  period: string;
  counts: UsageCounts;
  sessions: UsageSession[];
  oneTimeProducts: PendingOneTimeProduct[];
  /** The company's home reimbursement fee (issue 19 part 8): see `reimbursementFeeLine`. */
  reimbursementFee?: ReimbursementFeeFacts;
}

export interface ReimbursementFeeFacts {
  /** The company's percentage in basis points (250 = 2.5 %). */
  basisPoints: number;
  /** Reimbursements a manager approved (or further) and no invoice billed the fee of yet. */
  reimbursements: { id: number; value: number; currency: string }[];
}

export const FEE_TEXT: Record<FeeCode, string> = {
  keyfob: 'Key fob fee',
  saas: 'SaaS fee',
  cpms: 'CPMS fee',
  connector: 'Connector monthly fee',
  sim: 'SIM monthly fee',
  platform: 'Platform annual fee',
  home_reimbursement: 'Home reimbursement fee',
};
