/** @module The error answers every catalogue route under /stripe declares (Stripe failures and billing not configured). */
import { errorResponse as error } from '../../lib/route';

export const stripeErrors = {
  402: error('Stripe refused a payment detail'),
  409: error('Stripe idempotency conflict: the spec failure text'),
  502: error("Stripe failed or is unreachable: the spec's failure text; the row stays without its Stripe id"),
  503: error('Billing is not available: no payment provider key is configured'),
} as const;
