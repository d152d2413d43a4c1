/**
 * @module Payment methods of a billed company (spec 3: last 4 digits, expiry, default flag, bank code;
 * spec 4: payment method result success, processing, failed; spec 9: card, SEPA, BACS, bank transfer).
 */

export type PaymentMethodType = 'card' | 'sepa_debit' | 'bacs_debit' | 'customer_balance';

/**
 * The kinds a setup intent offers for a customer billed in `currency`: card always; SEPA Direct
 * Debit only in euros and BACS Direct Debit only in pounds (the only currencies those schemes
 * debit). Bank transfer is the fallback of an invoice (`customer_balance`), not a saved method.
 */
export function setupPaymentMethodTypes(currency: string): ('card' | 'sepa_debit' | 'bacs_debit')[] {
  const c = currency.toUpperCase();
  if (c === 'EUR') return ['card', 'sepa_debit'];
  if (c === 'GBP') return ['card', 'bacs_debit'];
  return ['card'];
}

export type SetupResult = 'success' | 'processing' | 'failed';

/** The result of coming back from a setup, from Stripe's `redirect_status` (anything unknown failed). */
export function setupResult(redirectStatus: string | null | undefined): SetupResult {
  if (redirectStatus === 'succeeded') return 'success';
  if (redirectStatus === 'processing') return 'processing';
  return 'failed';
}

/** A SetupIntent's status as spec 4's result; a setup still waiting for the user is pending. */
export function setupIntentResult(status: string | null | undefined, failed: boolean): SetupResult | 'pending' {
  if (status === 'succeeded') return 'success';
  if (status === 'processing') return 'processing';
  return failed ? 'failed' : 'pending';
}

/** The part of a verified Stripe event `completedSetup` reads. */
interface EventLike {
  type: string;
  data: { object: unknown };
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v && typeof v.id === 'string' ? v.id : null;

/**
 * The setup a Stripe event reports done, whose payment method may become its customer's first default
 * (as the screen's return does, for a user who closes the tab): `setup_intent.succeeded` names its
 * method; `checkout.session.completed` in setup mode names only its SetupIntent (the method is read
 * from Stripe). Null for any other event, a failed setup, or Checkout in payment mode.
 */
export function completedSetup(
  event: EventLike,
): { setupIntentId: string; paymentMethodId: string | null; status: string | null } | null {
  const o = (event.data.object ?? {}) as Record<string, unknown>;
  if (event.type === 'setup_intent.succeeded') {
    const id = idOf(o);
    return id ? { setupIntentId: id, paymentMethodId: idOf(o.payment_method), status: 'succeeded' } : null;
  }
  if (event.type === 'checkout.session.completed' && o.mode === 'setup') {
    const id = idOf(o.setup_intent);
    return id ? { setupIntentId: id, paymentMethodId: null, status: null } : null;
  }
  return null;
}

/**
 * Whether the payment method a setup just attached becomes the customer's default (Stripe's
 * `invoice_settings.default_payment_method`): yes when the setup attached one (success, or processing
 * for a debit the bank has yet to confirm) and the customer has no default yet, so that its
 * subscriptions and invoices are charged to it; an existing default is never replaced.
 */
export function becomesDefault(
  result: SetupResult | 'pending',
  attached: string | null,
  currentDefault: string | null,
): attached is string {
  return attached !== null && currentDefault === null && (result === 'success' || result === 'processing');
}

/** The part of a Stripe PaymentMethod the row keeps. */
export interface StripePaymentMethodLike {
  id: string;
  type: string;
  card?: { brand?: string | null; last4?: string | null; exp_month?: number | null; exp_year?: number | null } | null;
  sepa_debit?: { last4?: string | null; bank_code?: string | null } | null;
  bacs_debit?: { last4?: string | null; sort_code?: string | null } | null;
}

export interface PaymentMethodFields {
  stripePaymentMethodId: string;
  type: PaymentMethodType;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  bankCode: string | null;
}

/**
 * What a screen shows of a payment method: brand, last 4 and expiry for a card; last 4 and bank
 * code (the SEPA bank code, the BACS sort code) for a debit. Null for a kind we do not keep.
 */
export function paymentMethodFields(pm: StripePaymentMethodLike): PaymentMethodFields | null {
  const base = { stripePaymentMethodId: pm.id, brand: null, expMonth: null, expYear: null, bankCode: null };
  if (pm.type === 'card' && pm.card) {
    return {
      ...base,
      type: 'card',
      brand: pm.card.brand ?? null,
      last4: pm.card.last4 ?? null,
      expMonth: pm.card.exp_month ?? null,
      expYear: pm.card.exp_year ?? null,
    };
  }
  if (pm.type === 'sepa_debit' && pm.sepa_debit) {
    return {
      ...base,
      type: 'sepa_debit',
      last4: pm.sepa_debit.last4 ?? null,
      bankCode: pm.sepa_debit.bank_code ?? null,
    };
  }
  if (pm.type === 'bacs_debit' && pm.bacs_debit) {
    return {
      ...base,
      type: 'bacs_debit',
      last4: pm.bacs_debit.last4 ?? null,
      bankCode: pm.bacs_debit.sort_code ?? null,
    };
  }
  return null;
}
