/**
 * @module The shapes of the Stripe event appliers (apply-event.ts): the event as verified, the rows the
 * store read for it (the facts), and the decision (the write, or why nothing is written).
 */
import type { OnboardingState } from './onboarding';

/** The part of a verified Stripe event the appliers read. */
export interface BillingEvent {
  id: string;
  type: string;
  created: number;
  account?: string | null;
  data: { object: unknown };
}

/** The rows an event may touch, as the store read them (null: unknown to us). */
export interface EventFacts {
  /** The company of the connected account the event came from; null for a platform event or an account unknown to us. */
  accountCompanyId: number | null;
  account?: { companyId: number; state: OnboardingState; stripeEventAt: number } | null;
  customer?: { id: number; companyId: number; ownerCompanyId: number; stripeEventAt: number } | null;
  setupIntent?: { result: string; stripeEventAt: number; ownerCompanyId: number } | null;
  paymentMethod?: { detached: boolean; stripeEventAt: number; ownerCompanyId: number } | null;
  subscription?: { id: number; status: string; stripeEventAt: number; ownerCompanyId: number } | null;
  invoice?: { id: number; status: string; stripeEventAt: number; ownerCompanyId: number } | null;
  payout?: { status: string; stripeEventAt: number; companyId: number } | null;
  /** A wallet top-up (issue 18) and the Stripe account its payment must come from (null: the platform). */
  topUp?: {
    id: number;
    walletId: number;
    amount: number;
    currency: string;
    status: 'pending' | 'paid' | 'failed' | 'expired';
    stripeCheckoutSessionId: string | null;
    stripePaymentIntentId: string | null;
    stripeAccountId: string | null;
  } | null;
}

/** What to read before deciding: the object's kind and id, and the customer or subscription it names. */
export interface EventTarget {
  kind:
    | 'account'
    | 'setupIntent'
    | 'paymentMethod'
    | 'customer'
    | 'subscription'
    | 'invoice'
    | 'payout'
    | 'walletTopUp'
    | 'none';
  objectId: string | null;
  /** walletTopUp: our top-up's id, from the object's metadata. */
  topUpId?: number;
  customerId?: string | null;
  subscriptionId?: string | null;
}

export type PaymentMethodType = 'card' | 'sepa_debit' | 'bacs_debit' | 'customer_balance';

export type BillingWrite =
  | {
      table: 'account';
      stripeAccountId: string;
      values: { detailsSubmitted: boolean; chargesEnabled: boolean; payoutsEnabled: boolean; state: OnboardingState };
    }
  | { table: 'setupIntent'; stripeSetupIntentId: string; result: 'pending' | 'success' | 'processing' | 'failed' }
  | {
      table: 'paymentMethod';
      row: {
        stripePaymentMethodId: string;
        customerId: number | null;
        type: PaymentMethodType;
        brand: string | null;
        last4: string | null;
        expMonth: number | null;
        expYear: number | null;
        bankCode: string | null;
        detachedAt: Date | null;
      };
    }
  | { table: 'customer'; customerId: number; defaultPaymentMethodId: string | null }
  | {
      table: 'subscription';
      subscriptionId: number;
      values: {
        status: string;
        currentPeriodEnd: Date | null;
        trialEnd: Date | null;
        cancelAtPeriodEnd: boolean;
        canceledAt: Date | null;
      };
      /** Set only while the row has none (activation is irreversible: never cleared). */
      activatedAt: Date | null;
    }
  | { table: 'invoice'; row: InvoiceRow }
  | { table: 'payout'; row: PayoutRow }
  | {
      table: 'walletTopUp';
      topUpId: number;
      status: 'paid' | 'failed' | 'expired';
      failure: string | null;
      stripeCheckoutSessionId?: string;
      stripePaymentIntentId?: string;
      /** Paid: the one ledger credit (reference `top-up:{id}`). */
      credit?: { walletId: number; amount: number; reference: string };
    };

export interface InvoiceRow {
  stripeInvoiceId: string;
  /** Used only when the row is new. */
  insert: { ownerCompanyId: number; companyId: number; customerId: number; kind: 'subscription' | 'one_time' } | null;
  subscriptionId: number | null;
  number: string | null;
  status: string | null;
  currency: string;
  subtotal: number;
  totalExcludingTax: number;
  tax: number;
  total: number;
  amountDue: number;
  amountPaid: number;
  customerEmail: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  attemptCount: number;
  nextPaymentAttempt: Date | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  paidAt: Date | null;
  /** invoice.sent: when the row has no sentAt yet. */
  sentAt: Date | null;
}

export interface PayoutRow {
  stripePayoutId: string;
  companyId: number;
  userId: number | null;
  amount: number;
  currency: string;
  status: string;
  arrivalDate: Date | null;
}

export type EventDecision =
  | { outcome: 'applied'; write: BillingWrite }
  | { outcome: 'stale' }
  | { outcome: 'ignored'; reason: string }
  /** The event contradicts our row (a top-up's amount): nothing credited, the top-up failed with the reason. */
  | { outcome: 'failed'; reason: string; topUpId: number };
