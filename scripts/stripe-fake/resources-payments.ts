/**
 * Setup intents and the payment methods they produce (card, SEPA debit, BACS debit), and Checkout
 * sessions (payment mode: its PaymentIntent in checkout-payment.ts; setup mode: SetupIntent at creation). The outcome of a setup
 * is chosen on the dev page (success, processing, failed); a "processing" payment method charges
 * nothing until the dev page settles it.
 */
import { settlePaymentMethod } from './billing';
import { expireCheckoutIntent, keepIntentData, payCheckout } from './checkout-payment';
import { assign, type Ctx, emit, type Handler, inRange, list, mustGet, StripeError } from './context';
import { newId, now, type StripeObject } from './store';

/** `declines`: set up fine, but every charge fails (Stripe's test card 4000 0000 0000 0341). */
export type SetupOutcome = 'success' | 'processing' | 'failed' | 'declines';
const KINDS = ['card', 'sepa_debit', 'bacs_debit'];

function paymentMethodDetails(ctx: Ctx, type: string): Record<string, unknown> {
  const fingerprint = newId('').slice(1, 17);
  if (type === 'sepa_debit') {
    return {
      ...ctx.store.skeleton('payment_method_sepa_debit'),
      bank_code: '37040044',
      branch_code: '',
      country: 'DE',
      fingerprint,
      last4: '3000',
    };
  }
  if (type === 'bacs_debit') {
    return { ...ctx.store.skeleton('payment_method_bacs_debit'), fingerprint, last4: '2345', sort_code: '108800' };
  }
  return {
    ...ctx.store.skeleton('payment_method_card'),
    brand: 'visa',
    display_brand: 'visa',
    country: 'US',
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    fingerprint,
    funding: 'credit',
    last4: '4242',
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
  };
}

function attachNew(
  ctx: Ctx,
  customer: string,
  type: string,
  state: 'succeeded' | 'processing' | 'declines',
): StripeObject {
  const pm = ctx.store.create(ctx.account, 'payment_method', 'pm', {
    type,
    customer,
    metadata: {},
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    [type]: paymentMethodDetails(ctx, type),
  });
  if (state === 'declines' && type === 'card') (pm.card as Record<string, unknown>).last4 = '0341';
  ctx.store.hidden.set(pm.id, { state });
  emit(ctx, 'payment_method.attached', pm);
  return pm;
}

/** The dev page's choice for a setup intent: a payment method of the intent's kind, or a failure. */
export function completeSetup(ctx: Ctx, intent: StripeObject, outcome: SetupOutcome, kind?: string): void {
  if (intent.status !== 'requires_payment_method') throw new StripeError(400, `This SetupIntent is ${intent.status}.`);
  const types = intent.payment_method_types as string[];
  const type = kind && types.includes(kind) ? kind : (types[0] ?? 'card');
  if (outcome === 'failed') {
    intent.last_setup_error = {
      type: 'card_error',
      code: type === 'card' ? 'card_declined' : 'payment_method_not_available',
      message: 'The payment details could not be set up.',
      decline_code: type === 'card' ? 'generic_decline' : null,
    };
    emit(ctx, 'setup_intent.setup_failed', intent);
    return;
  }
  const customer = intent.customer as string | null;
  if (!customer) throw new StripeError(400, 'This SetupIntent has no customer to attach a payment method to.');
  const pm = attachNew(ctx, customer, type, outcome === 'success' ? 'succeeded' : outcome);
  intent.payment_method = pm.id;
  intent.last_setup_error = null;
  intent.status = outcome === 'processing' ? 'processing' : 'succeeded';
  if (outcome !== 'processing') emit(ctx, 'setup_intent.succeeded', intent);
}

/** The dev page's "the bank confirmed": a processing payment method works from now on. */
export function settleSetup(ctx: Ctx, intent: StripeObject): void {
  if (intent.status !== 'processing') throw new StripeError(400, `This SetupIntent is ${intent.status}.`);
  intent.status = 'succeeded';
  emit(ctx, 'setup_intent.succeeded', intent);
  settlePaymentMethod(ctx, intent.payment_method as string);
}

function createSetupIntent(ctx: Ctx): StripeObject {
  const { input } = ctx;
  if (input.customer) mustGet(ctx, 'customer', input.customer as string, 'customer');
  const types = (input.payment_method_types as string[] | undefined) ?? ['card'];
  const unsupported = types.find((t) => !KINDS.includes(t));
  if (unsupported)
    throw new StripeError(
      400,
      `The local Stripe server supports ${KINDS.join(', ')} payment methods, not ${unsupported}.`,
      'payment_method_types',
    );
  const id = newId('seti');
  return ctx.store.create(ctx.account, 'setup_intent', 'seti', {
    id,
    client_secret: `${id}_secret_${newId('').slice(1, 25)}`,
    customer: input.customer ?? null,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    payment_method_types: types,
    usage: input.usage ?? 'off_session',
    status: 'requires_payment_method',
    payment_method: null,
    last_setup_error: null,
    next_action: null,
    cancellation_reason: null,
  });
}

/** Checkout in setup mode with a debit needs the scheme's currency, as Stripe refuses it otherwise. */
const DEBIT_CURRENCY: Record<string, string> = { sepa_debit: 'eur', bacs_debit: 'gbp' };

function checkSetupCurrency(types: string[], currency: string | null): void {
  for (const type of types) {
    const wanted = DEBIT_CURRENCY[type];
    if (!wanted) continue;
    if (!currency) throw new StripeError(400, 'Missing required param: currency.', 'currency', 'parameter_missing');
    if (currency.toLowerCase() !== wanted)
      throw new StripeError(
        400,
        `The payment method type \`${type}\` requires the currency \`${wanted}\`, not \`${currency}\`.`,
        'currency',
      );
  }
}

function createCheckoutSession(ctx: Ctx): StripeObject {
  const { input } = ctx;
  const mode = (input.mode as string | undefined) ?? 'payment';
  if (mode === 'subscription')
    throw new StripeError(400, 'The local Stripe server supports Checkout in payment and setup mode only.', 'mode');
  if (input.customer) mustGet(ctx, 'customer', input.customer as string, 'customer');
  const lines =
    (input.line_items as
      | { price?: string; quantity?: number; price_data?: { unit_amount?: number; currency?: string } }[]
      | undefined) ?? [];
  let amount = 0;
  let currency = (input.currency as string | undefined) ?? null;
  for (const [i, line] of lines.entries()) {
    const price = line.price ? mustGet(ctx, 'price', line.price, `line_items[${i}][price]`) : undefined;
    amount += ((price?.unit_amount as number | undefined) ?? line.price_data?.unit_amount ?? 0) * (line.quantity ?? 1);
    currency ??= (price?.currency as string | undefined) ?? line.price_data?.currency ?? null;
  }
  const types = (input.payment_method_types as string[] | undefined) ?? ['card'];
  if (mode === 'setup') checkSetupCurrency(types, currency);
  const id = newId('cs_test');
  keepIntentData(ctx, id, mode);
  // Setup mode: the SetupIntent exists from the session's creation, as at Stripe, with setup_intent_data.
  const data = (input.setup_intent_data as { metadata?: Record<string, string>; description?: string }) ?? {};
  const setupIntent =
    mode === 'setup'
      ? createSetupIntent({
          ...ctx,
          input: {
            customer: input.customer,
            payment_method_types: types,
            metadata: data.metadata ?? {},
            description: data.description,
          } as Ctx['input'],
        }).id
      : null;
  return ctx.store.create(ctx.account, 'checkout.session', 'cs_test', {
    id,
    url: `${ctx.origin}/dev/checkout/${id}`,
    mode,
    status: 'open',
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    success_url: input.success_url,
    cancel_url: input.cancel_url ?? null,
    customer: input.customer ?? null,
    customer_email: input.customer_email ?? null,
    client_reference_id: input.client_reference_id ?? null,
    currency,
    amount_subtotal: mode === 'setup' ? null : amount,
    amount_total: mode === 'setup' ? null : amount,
    metadata: input.metadata ?? {},
    payment_method_types: types,
    setup_intent: setupIntent,
    payment_intent: null,
    expires_at: (input.expires_at as number | undefined) ?? now() + 86400,
  });
}

/**
 * The dev page's choice for a Checkout session: `pay` (payment mode: a card that works; setup mode: as
 * `success`), `cancel` (expired), `failed` (a declined attempt: the intent records the error and the
 * session stays open for another try, as on Stripe's page), or another setup outcome.
 */
export type CheckoutChoice = 'pay' | 'cancel' | SetupOutcome;

export function finishCheckout(ctx: Ctx, session: StripeObject, choice: CheckoutChoice, kind?: string): void {
  if (session.status !== 'open') throw new StripeError(400, `This Checkout Session is ${session.status}.`);
  if (choice === 'cancel') {
    session.status = 'expired';
    expireCheckoutIntent(ctx, session);
    emit(ctx, 'checkout.session.expired', session);
    return;
  }
  if (session.mode === 'payment') {
    if (payCheckout(ctx, session, choice === 'failed' ? 'declined' : 'ok'))
      emit(ctx, 'checkout.session.completed', session);
    return;
  }
  if (session.setup_intent) {
    const outcome: SetupOutcome = choice === 'pay' ? 'success' : choice;
    completeSetup(ctx, mustGet(ctx, 'setup_intent', session.setup_intent as string), outcome, kind);
    if (outcome === 'failed') return;
  }
  session.status = 'complete';
  emit(ctx, 'checkout.session.completed', session);
}

const pmOf = (ctx: Ctx) => mustGet(ctx, 'payment_method', ctx.params.payment_method ?? '', 'payment_method');

function listPaymentMethods(ctx: Ctx, customer: string | undefined) {
  const type = ctx.input.type as string | undefined;
  return list(
    ctx,
    ctx.store.all(
      ctx.account,
      'payment_method',
      (p) => (!customer || p.customer === customer) && (!type || p.type === type),
    ),
  );
}

export const paymentHandlers: Record<string, Handler> = {
  'POST /v1/setup_intents': createSetupIntent,
  'GET /v1/setup_intents': (ctx) =>
    list(
      ctx,
      ctx.store.all(
        ctx.account,
        'setup_intent',
        (s) =>
          (!ctx.input.customer || s.customer === ctx.input.customer) && inRange(s.created as number, ctx.input.created),
      ),
    ),
  'GET /v1/setup_intents/{intent}': (ctx) => mustGet(ctx, 'setup_intent', ctx.params.intent ?? '', 'intent'),
  'POST /v1/setup_intents/{intent}': (ctx) => {
    const intent = mustGet(ctx, 'setup_intent', ctx.params.intent ?? '', 'intent');
    assign(intent, ctx.input, ['description', 'metadata', 'payment_method_types']);
    return intent;
  },
  'GET /v1/payment_methods': (ctx) => listPaymentMethods(ctx, ctx.input.customer as string | undefined),
  'GET /v1/customers/{customer}/payment_methods': (ctx) =>
    listPaymentMethods(ctx, mustGet(ctx, 'customer', ctx.params.customer ?? '', 'customer').id),
  'GET /v1/payment_methods/{payment_method}': pmOf,
  'GET /v1/customers/{customer}/payment_methods/{payment_method}': (ctx) => {
    const pm = pmOf(ctx);
    if (pm.customer !== ctx.params.customer)
      throw new StripeError(404, `No such PaymentMethod: '${pm.id}'`, 'payment_method', 'resource_missing');
    return pm;
  },
  'POST /v1/payment_methods/{payment_method}/detach': (ctx) => {
    const pm = pmOf(ctx);
    const customer = pm.customer ? ctx.store.get(ctx.account, 'customer', pm.customer as string) : undefined;
    if (!customer)
      throw new StripeError(
        400,
        `The payment method you provided is not attached to a customer so detachment is impossible.`,
        'payment_method',
      );
    const settings = customer.invoice_settings as Record<string, unknown>;
    if (settings.default_payment_method === pm.id) {
      customer.invoice_settings = { ...settings, default_payment_method: null };
      emit(ctx, 'customer.updated', customer, { invoice_settings: settings });
    }
    pm.customer = null;
    emit(ctx, 'payment_method.detached', pm, { customer: customer.id });
    return pm;
  },
  'POST /v1/checkout/sessions': createCheckoutSession,
  'GET /v1/checkout/sessions': (ctx) =>
    list(
      ctx,
      ctx.store.all(ctx.account, 'checkout.session', (s) => !ctx.input.customer || s.customer === ctx.input.customer),
    ),
  'GET /v1/checkout/sessions/{session}': (ctx) => mustGet(ctx, 'checkout.session', ctx.params.session ?? '', 'session'),
  'POST /v1/checkout/sessions/{session}/expire': (ctx) => {
    const session = mustGet(ctx, 'checkout.session', ctx.params.session ?? '', 'session');
    finishCheckout(ctx, session, 'cancel');
    return session;
  },
};
