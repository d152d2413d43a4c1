/**
 * @module Billing through Stripe (issue 17, spec 7.2–7.4): the one router of the `/stripe` prefix.
 * Each resource is a subfolder with its four files (ADR 041); this file only mounts them.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { accountRoutes } from './account/account.handlers';
import { couponRoutes } from './coupons/coupons.handlers';
import { customerRoutes } from './customer/customer.handlers';
import { paymentMethodRoutes } from './customer/customer.payment-methods';
import { setupRoutes } from './customer/customer.setup';
import { invoiceRoutes } from './invoices/invoices.handlers';
import { oneTimeRoutes } from './one-time-products/one-time-products.handlers';
import { payoutRoutes } from './payouts/payouts.handlers';
import { priceRoutes } from './prices/prices.handlers';
import { productRoutes } from './products/products.handlers';
import { subscriptionRoutes } from './subscriptions/subscriptions.handlers';
import { taxRateRoutes } from './tax-rates/tax-rates.handlers';
import { webhookRoutes } from './webhooks/webhooks.handlers';

export const stripeRoutes = new OpenAPIHono<AppEnv>()
  .route('/', productRoutes)
  .route('/', priceRoutes)
  .route('/', taxRateRoutes)
  .route('/', couponRoutes)
  .route('/', oneTimeRoutes)
  .route('/', accountRoutes)
  .route('/', payoutRoutes)
  .route('/', customerRoutes)
  .route('/', paymentMethodRoutes)
  .route('/', setupRoutes)
  .route('/', subscriptionRoutes)
  .route('/', invoiceRoutes)
  .route('/', webhookRoutes);
