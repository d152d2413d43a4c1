/** @module Parameters and answers of the public pay-by-QR API (issue 18 part 4): one connector's offer, one payment by its token. */
import { PAY_REFUSALS } from '@domain/qr-payments/decide';
import { TOKEN_PATTERN } from '@domain/qr-payments/ids';
import { FAILURE_REASONS, QR_PAYMENT_STATUSES } from '@domain/qr-payments/status';
import { z } from '@hono/zod-openapi';
import { LANGUAGES } from '@i18n/languages';

/** An EVSE id as printed on the charger (e.g. FR*VLT*E0001*1): letters, digits, `*`, `-`, `_`, `.`. */
export const ByEvse = z.object({
  evseId: z
    .string()
    .min(1)
    .max(48)
    .regex(/^[A-Za-z0-9*._-]+$/),
});

export const ByToken = z.object({ token: z.string().regex(TOKEN_PATTERN) });

export const PriceLine = z
  .object({
    type: z.enum(['ENERGY', 'TIME', 'FLAT', 'PARKING_TIME']),
    /** Driver price incl. VAT, in 1/10,000 of the currency's major unit (0.30 EUR/kWh is 3000). */
    price_incl_vat: z.number().int(),
    /** The component applies only at some times, powers or durations. */
    restricted: z.boolean(),
  })
  .openapi('QrPriceLine');

export const PayOffer = z
  .object({
    evse_id: z.string(),
    connector_number: z.number(),
    plug_type: z.string().nullable(),
    max_power_w: z.number().nullable(),
    station_name: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    operator: z.string(),
    /** The connector's live status (OCPP StatusNotification). */
    status: z.string(),
    /** Why the connector cannot be paid for now; null: it can. */
    refusal: z.enum(PAY_REFUSALS).nullable(),
    currency: z.string(),
    /** What will be held on the card (minor units), locked into the payment when it is made. */
    hold_amount: z.number().nullable(),
    /** The ad-hoc payment tariff's driver prices only (spec 9), empty without one. */
    prices: z.array(PriceLine),
  })
  .openapi('QrPayOffer');

export const CreatePayment = z
  .object({
    email: z.string().trim().max(254).email().optional().or(z.literal('')),
    language: z.enum(LANGUAGES).default('en'),
    /** Where Checkout sends the driver back, paid or not (an absolute http(s) URL of this product's /pay pages). */
    return_url: z.string().url().max(500),
  })
  .strict();

/** `card_url`: the card step, Stripe Checkout's page for this payment. */
export const Created = z.object({ token: z.string(), card_url: z.string() }).openapi('QrPaymentCreated');

export const PaymentState = z
  .object({
    status: z.enum(QR_PAYMENT_STATUSES),
    failure_reason: z.enum(FAILURE_REASONS).nullable(),
    station_name: z.string(),
    evse_id: z.string().nullable(),
    connector_number: z.number(),
    currency: z.string(),
    amount_held: z.number(),
    captured_amount: z.number().nullable(),
    /** The card step (Stripe Checkout's page) while the payment waits for the card and it is still open. */
    card_url: z.string().nullable(),
    receipt: z.object({ title: z.string(), lines: z.array(z.tuple([z.string(), z.string()])) }).nullable(),
  })
  .openapi('QrPaymentState');

export const ReceiptQuery = z.object({ language: z.enum(LANGUAGES).default('en') });
