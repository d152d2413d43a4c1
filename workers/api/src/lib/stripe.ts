/**
 * @module The one Stripe client of the workers (issue 17, ADR 043): the official SDK with its fetch
 * HTTP client and SubtleCrypto provider. The endpoint comes from `STRIPE_API_BASE` (protocol, host,
 * port: real Stripe by default, the project's local Stripe-compatible server in development and tests);
 * the key from the `STRIPE_SECRET_KEY` secret. Without a key billing answers "not available" (503),
 * never a fake success.
 */
import type { MessageKey } from '@i18n/messages';
import Stripe from 'stripe';

export type { Stripe };

/** The Stripe API version the SDK and the local server's OpenAPI document were published for. */
export const STRIPE_API_VERSION = '2025-09-30.clover' as const;

export interface StripeSettings {
  STRIPE_SECRET_KEY?: string;
  STRIPE_API_BASE?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  /** `1` (set by `npm start` with the local server): billing customers are made on a test clock. */
  STRIPE_LOCAL_TEST_CLOCKS?: string;
}

const clients = new Map<string, Stripe>();

/** The client for these settings (one per isolate and key), or null when no key is configured. */
export function stripeClient(env: StripeSettings): Stripe | null {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) return null;
  const base = env.STRIPE_API_BASE ?? 'https://api.stripe.com';
  const cacheKey = `${base}|${key}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const url = new URL(base);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(key, {
      apiVersion: STRIPE_API_VERSION,
      httpClient: Stripe.createFetchHttpClient(),
      host: url.hostname,
      port: Number(url.port || (protocol === 'http' ? 80 : 443)),
      protocol,
      // Retries reuse the idempotency key we pass, so a retried write never creates a second object.
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** Verifies webhook signatures in workerd (Web Crypto, no Node crypto). */
export const stripeCryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * True when the settings point at the project's local Stripe-compatible server rather than Stripe:
 * card entry then goes through its dev confirmation page instead of Stripe.js Elements.
 */
export function isLocalStripe(env: StripeSettings): boolean {
  const base = env.STRIPE_API_BASE;
  if (!base) return false;
  const host = new URL(base).hostname;
  return host === '127.0.0.1' || host === 'localhost';
}

/**
 * The test clock a new billing customer goes on, in local mode only (`STRIPE_LOCAL_TEST_CLOCKS=1` AND
 * the endpoint is the local server, never real Stripe): its subscriptions can then be advanced month by
 * month on the local server's `/dev/clocks` page. Frozen at the customer row's creation, so a retry
 * sends the same parameters under the same idempotency key. Null otherwise.
 */
export async function localTestClock(
  stripe: Stripe,
  env: StripeSettings,
  customer: { id: number; name: string; createdAt: Date },
  options: Stripe.RequestOptions,
): Promise<string | null> {
  if (env.STRIPE_LOCAL_TEST_CLOCKS !== '1' || !isLocalStripe(env)) return null;
  const clock = await stripe.testHelpers.testClocks.create(
    { frozen_time: Math.floor(customer.createdAt.getTime() / 1000), name: customer.name.slice(0, 300) },
    { ...options, idempotencyKey: idempotencyKey('customer', 'test-clock', customer.id) },
  );
  return clock.id;
}

/**
 * The idempotency key of a write, derived from our own record, e.g. `product:create:42`. The same
 * record and action always give the same key, so Stripe returns the first object on a retry.
 */
export function idempotencyKey(kind: string, action: string, id: number | string, version?: number | string): string {
  return version === undefined ? `${kind}:${action}:${id}` : `${kind}:${action}:${id}:${version}`;
}

/** What the spec says when a Stripe call fails (section 7.4, 7.3, 8); never Stripe's raw text. */
export type StripeFailureMessage = Extract<
  MessageKey,
  | 'productUpdateFailed'
  | 'productCreationFailed'
  | 'updateFailed'
  | 'creationFailed'
  | 'paymentDetailsFailed'
  | 'paymentFailed'
>;

export interface StripeFailure {
  status: 400 | 402 | 409 | 502;
  code: string;
  message: StripeFailureMessage;
  /** Stripe's error code and parameter, for the audit log (no secrets, no card data). */
  detail: { type?: string; code?: string; param?: string; requestId?: string };
}

/**
 * Maps an error thrown by the SDK to the spec's message: a card or payment error to the payment
 * texts (402), a request Stripe refused to 400 (our bug or bad input it caught), an idempotency
 * conflict to 409, anything else (network, Stripe down, rate limit) to 502 with the fallback text.
 */
export function stripeFailure(error: unknown, fallback: StripeFailureMessage): StripeFailure {
  const e = error as Partial<Stripe.errors.StripeError> | undefined;
  const detail = { type: e?.type, code: e?.code, param: e?.param, requestId: e?.requestId };
  switch (e?.type) {
    case 'StripeCardError':
      return { status: 402, code: 'PAYMENT_FAILED', message: 'paymentDetailsFailed', detail };
    case 'StripeInvalidRequestError':
      return { status: 400, code: 'STRIPE_REFUSED', message: fallback, detail };
    case 'StripeIdempotencyError':
      return { status: 409, code: 'STRIPE_IDEMPOTENCY', message: fallback, detail };
    default:
      return { status: 502, code: 'STRIPE_UNAVAILABLE', message: fallback, detail };
  }
}
