/**
 * @module The billing customer API (spec 7.3): one Stripe customer per billed company, held on the
 * operator's Connect account (the platform's when it has none: `stripeAccountOptions`). Our row is
 * written first; its id names the Stripe creation, so a retry never makes a second customer.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { idempotencyKey, localTestClock, type Stripe } from '@api/lib/stripe';
import { billingAudit, stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { authOf } from '@api/middleware/permission';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { decideTaxId } from '@domain/billing/tax-id';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createTaxId, detail, list, onboard, update, updateTaxId } from './customer.routes';
import { toCustomer } from './customer.schemas';
import {
  insertCustomer,
  listCustomers,
  operatorAccount,
  scopedCompany,
  scopedCustomer,
  updateCustomer,
} from './customer.store';

type Ctx = Context<AppEnv>;
type Found = NonNullable<Awaited<ReturnType<typeof scopedCustomer>>>;

/** The customer of a company of the tree with the request options of its Stripe account, or the 404 answer. */
export async function customerOf(c: Ctx, companyId: number | undefined) {
  const operatorId = authOf(c).company.id;
  const db = c.get('db');
  const found = await scopedCustomer(db, await callerScope(c), companyId ?? operatorId, operatorId);
  if (!found) return { error: apiError(c, 404, 'CUSTOMER_NOT_FOUND', 'notFound') } as const;
  const options = stripeAccountOptions(await operatorAccount(db, found.customer.ownerCompanyId));
  return { found, options } as const;
}

/** A version for idempotency keys of updates: the row's last change, so each new change is a new key. */
const version = (found: Found) => found.customer.updatedAt?.getTime() ?? found.customer.createdAt.getTime();

/** Sets (or replaces) the customer's tax id at Stripe, then in our row: the row, or the error answer. */
async function saveTaxId(
  c: Ctx,
  stripe: Stripe,
  found: Found,
  options: { stripeAccount?: string },
  tax: { value: string; country: string },
) {
  const { customer } = found;
  if (!customer.stripeCustomerId) return { error: apiError(c, 404, 'CUSTOMER_NOT_FOUND', 'notFound') } as const;
  let stripeTaxId: string;
  try {
    if (customer.stripeTaxId)
      await stripe.customers.deleteTaxId(customer.stripeCustomerId, customer.stripeTaxId, {}, options);
    const created = await stripe.customers.createTaxId(
      customer.stripeCustomerId,
      { type: 'eu_vat', value: tax.value },
      { ...options, idempotencyKey: idempotencyKey('customer-tax-id', 'create', customer.id, version(found)) },
    );
    stripeTaxId = created.id;
  } catch (err) {
    return {
      error: await stripeFailed(c, err, 'updateFailed', 'stripe.customer.tax_id', 'billing_customer', customer.id),
    } as const;
  }
  const row = await updateCustomer(
    c.get('db'),
    customer,
    { taxIdType: 'eu_vat', taxIdValue: tax.value, taxIdCountry: tax.country, stripeTaxId },
    billingAudit(c, 'stripe.customer.tax_id', 'billing_customer', customer.id, {
      from: customer.taxIdValue,
      to: tax.value,
      country: tax.country,
    }),
  );
  return { row: row ?? customer } as const;
}

const reads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listCustomers(c.get('db'), await callerScope(c), q);
    return c.json(
      {
        data: rows.map((r) => toCustomer(r.customer, r.company)),
        total,
        page: q.page,
        items_per_page: q.items_per_page,
      },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const got = await customerOf(c, c.req.valid('query').company_id);
    if (got.error) return got.error;
    return c.json(toCustomer(got.found.customer, got.found.company), 200);
  });

const writes = new OpenAPIHono<AppEnv>()
  .openapi(onboard, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const company = await scopedCompany(db, await callerScope(c), body.company_id);
    if (!company) return apiError(c, 404, 'COMPANY_NOT_FOUND', 'companyNotFound');
    // The tax id is checked before anything is written: a refused VAT number creates nothing.
    const tax = body.tax_id ? decideTaxId({ value: body.tax_id, country: body.tax_id_country }) : null;
    if (tax && !tax.ok) return apiError(c, 400, 'VALIDATION_FAILED', tax.message, { field: tax.field });
    const existing = await customerOf(c, company.id);
    if (existing.found?.customer.stripeCustomerId) return c.json(toCustomer(existing.found.customer, company), 200);
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const operatorId = authOf(c).company.id;
    const options = stripeAccountOptions(await operatorAccount(db, operatorId));
    const email = body.email ?? company.email ?? null;
    const row = await insertCustomer(db, {
      companyId: company.id,
      ownerCompanyId: operatorId,
      name: company.businessName ?? company.name,
      email,
    });
    let created: Stripe.Customer;
    try {
      const clock = await localTestClock(client.stripe, c.env, row, options);
      created = await client.stripe.customers.create(
        {
          name: row.name,
          ...(clock ? { test_clock: clock } : {}),
          ...(email ? { email } : {}),
          address: {
            line1: [company.street, company.streetNumber].filter(Boolean).join(' ') || undefined,
            city: company.city ?? undefined,
            postal_code: company.zip ?? undefined,
            country: company.country,
          },
          metadata: { company_id: String(company.id), billing_customer_id: String(row.id) },
        },
        { ...options, idempotencyKey: idempotencyKey('customer', 'create', row.id) },
      );
    } catch (err) {
      return stripeFailed(c, err, 'creationFailed', 'stripe.customer.create', 'billing_customer', row.id);
    }
    const saved = await updateCustomer(
      db,
      row,
      { stripeCustomerId: created.id },
      billingAudit(c, 'stripe.customer.create', 'billing_customer', row.id, { companyId: company.id }),
    );
    const customer = saved ?? row;
    if (tax?.ok) {
      const found = { customer, company: { name: company.name, currency: company.currency } };
      const taxed = await saveTaxId(c, client.stripe, found, options, tax);
      if (taxed.error) return taxed.error;
      return c.json(toCustomer(taxed.row, company), 201);
    }
    return c.json(toCustomer(customer, company), 201);
  })
  .openapi(update, async (c) => {
    const body = c.req.valid('json');
    const got = await customerOf(c, body.company_id);
    if (got.error) return got.error;
    const { customer } = got.found;
    const changes = { ...(body.name ? { name: body.name } : {}), ...(body.email ? { email: body.email } : {}) };
    if (Object.keys(changes).length === 0 || !customer.stripeCustomerId) {
      return c.json(toCustomer(customer, got.found.company), 200);
    }
    const client = stripeOr503(c);
    if (client.error) return client.error;
    try {
      await client.stripe.customers.update(customer.stripeCustomerId, changes, {
        ...got.options,
        idempotencyKey: idempotencyKey('customer', 'update', customer.id, version(got.found)),
      });
    } catch (err) {
      return stripeFailed(c, err, 'updateFailed', 'stripe.customer.update', 'billing_customer', customer.id);
    }
    const row = await updateCustomer(
      c.get('db'),
      customer,
      changes,
      billingAudit(c, 'stripe.customer.update', 'billing_customer', customer.id, { changes }),
    );
    return c.json(toCustomer(row ?? customer, got.found.company), 200);
  });

/** POST sets and PUT replaces the tax id: the same rule and the same write. */
const taxIdHandler = async (c: Ctx, body: { company_id?: number; tax_id: string; tax_id_country?: string }) => {
  const tax = decideTaxId({ value: body.tax_id, country: body.tax_id_country });
  if (!tax.ok) return apiError(c, 400, 'VALIDATION_FAILED', tax.message, { field: tax.field });
  const got = await customerOf(c, body.company_id);
  if (got.error) return got.error;
  const client = stripeOr503(c);
  if (client.error) return client.error;
  const taxed = await saveTaxId(c, client.stripe, got.found, got.options, tax);
  if (taxed.error) return taxed.error;
  return c.json(toCustomer(taxed.row, got.found.company), 200);
};

const taxIds = new OpenAPIHono<AppEnv>()
  .openapi(createTaxId, (c) => taxIdHandler(c, c.req.valid('json')))
  .openapi(updateTaxId, (c) => taxIdHandler(c, c.req.valid('json')));

export const customerRoutes = new OpenAPIHono<AppEnv>().route('/', reads).route('/', writes).route('/', taxIds);
