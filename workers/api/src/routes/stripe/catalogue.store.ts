/**
 * @module Reads shared by the catalogue resources under /stripe (products, prices, tax rates, coupons,
 * one-time products): which Stripe account holds the operator's catalogue, and a company's currency.
 */
import type { Db } from '@db/db';
import { billingAccounts, companies } from '@db/schema';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { eq } from 'drizzle-orm';

/**
 * The owner of a catalogue is the caller's selected (operator) company. Its objects live on its Stripe
 * Connect account when it has a `billing_accounts` row with an account id, on the platform account
 * otherwise (`stripeAccountOptions`, domain/billing/stripe-account.ts): the request options every Stripe
 * call of the catalogue spreads, so an object is always written and looked for on the same account.
 */
export async function ownerStripeOptions(db: Db, ownerCompanyId: number): Promise<{ stripeAccount?: string }> {
  const account = await db
    .select({ stripeAccountId: billingAccounts.stripeAccountId })
    .from(billingAccounts)
    .where(eq(billingAccounts.companyId, ownerCompanyId))
    .get();
  return stripeAccountOptions(account);
}

/** A company's currency (ISO, upper case), the currency its one-time products are priced in. */
export async function companyCurrency(db: Db, companyId: number): Promise<string> {
  const row = await db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  return (row?.currency ?? 'EUR').toUpperCase();
}
