/**
 * The operator's billing catalogue (issue 17 part 5) inside workerd, mirrored to the local Stripe-compatible server
 * of the workers project: products, prices, tax rates, coupons and one-time products created, changed, listed and
 * deactivated as a role 42 user of an operator with service 30; the Stripe ids stored and the objects as Stripe
 * holds them; validation answered with the spec's failure text and a message per field; another operator's ids
 * unknown (404); a caller without billing:admin refused (403); a Stripe failure answered with the spec's text and
 * the row left visibly not synced, a later save sending it.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { createApi } from '@api/app';
import { stripeClient } from '@api/lib/stripe';
import { auditLog, billingProducts } from '@db/schema';
import { createCompany } from '@db/seed/factories';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, call, db, expectError, login, type Session, unique, type World, world } from './helpers';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const BILLING = {
  roles: [ROLE.PAYMENT_PROVIDER_ADMIN],
  company: { services: [SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING] },
};

interface Product {
  id: number;
  name: string;
  type: string;
  active: boolean;
  synced: boolean;
  stripe_product_id: string | null;
  default_price: { id: number } | null;
}
interface Price {
  id: number;
  unit_amount: number;
  currency: string;
  interval: string;
  active: boolean;
  default: boolean;
  stripe_price_id: string | null;
  replaced_price_id: number | null;
}
interface Page<T> {
  data: T[];
  total: number;
}
interface Failure {
  'error-msg': string;
  code: string;
  field?: string;
  issues?: { field: string; message: string }[];
}

let operator: World;
let s: Session;
let rival: Session;

const as = (session: Session) => ({ cookie: session.cookie, ip: session.ip });
const send = (path: string, method: string, json?: unknown, session = s) =>
  call(path, { ...as(session), method, ...(json === undefined ? {} : { json }) });
async function ok<T>(res: Response, status = 200): Promise<T> {
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status });
  return body as T;
}

/** The same call through the API with Stripe unreachable (nothing listens on port 9): what a Stripe outage gives. */
async function withStripeDown(path: string, method: string, json: unknown): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await createApi().fetch(
    new Request(`${BASE}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: `sid=${s.cookie}`, 'cf-connecting-ip': s.ip },
      body: JSON.stringify(json),
    }),
    { ...env, STRIPE_API_BASE: 'http://127.0.0.1:9' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

beforeAll(async () => {
  operator = await world(BILLING);
  s = await login(operator.email, operator.password, operator.ip);
  const other = await world(BILLING);
  rival = await login(other.email, other.password, other.ip);
});

describe('products', () => {
  it('creates a product here and in Stripe, storing its Stripe id', async () => {
    const name = unique('Charging card');
    const p = await ok<Product>(
      await send('/stripe/products', 'POST', { name, country: 'it', type: 'recurring' }),
      201,
    );
    expect(p).toMatchObject({ name, type: 'recurring', active: true, synced: true });
    expect(p.stripe_product_id).toMatch(/^prod_/);
    const row = await db.select().from(billingProducts).where(eq(billingProducts.id, p.id)).get();
    expect(row).toMatchObject({
      ownerCompanyId: operator.company.id,
      country: 'IT',
      stripeProductId: p.stripe_product_id,
    });
    const remote = await stripe().products.retrieve(p.stripe_product_id as string);
    expect(remote).toMatchObject({ name, active: true, metadata: { product_id: String(p.id), country: 'IT' } });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'billing.product.create'), eq(auditLog.entityId, String(p.id))))
      .get();
    expect(audit?.actorUserId).toBe(operator.user.id);
  });

  it('renames and deactivates at Stripe and here; lists with filters from our table', async () => {
    const p = await ok<Product>(
      await send('/stripe/products', 'POST', { name: unique('Fee'), country: 'FR', type: 'one_time' }),
      201,
    );
    const renamed = await ok<Product>(await send(`/stripe/products/${p.id}`, 'PUT', { name: 'Activation fee' }));
    expect(renamed.name).toBe('Activation fee');
    expect((await stripe().products.retrieve(p.stripe_product_id as string)).name).toBe('Activation fee');

    const oneTime = await ok<Page<Product>>(
      await send('/stripe/products?types=one_time&q=activation&items_per_page=5', 'GET'),
    );
    expect(oneTime.data.map((x) => x.id)).toContain(p.id);
    expect(oneTime.data.every((x) => x.type === 'one_time')).toBe(true);
    const recurring = await ok<Page<Product>>(await send('/stripe/products?types=recurring', 'GET'));
    expect(recurring.data.map((x) => x.id)).not.toContain(p.id);

    const off = await ok<Product>(await send(`/stripe/products/${p.id}`, 'DELETE'));
    expect(off.active).toBe(false);
    expect((await stripe().products.retrieve(p.stripe_product_id as string)).active).toBe(false);
    const inactive = await ok<Page<Product>>(await send('/stripe/products?active=0', 'GET'));
    expect(inactive.data.map((x) => x.id)).toContain(p.id);
    const back = await ok<Product>(await send(`/stripe/products/${p.id}`, 'PUT', { active: true }));
    expect(back).toMatchObject({ active: true, name: 'Activation fee', type: 'one_time' });
    expect((await stripe().products.retrieve(p.stripe_product_id as string)).active).toBe(true);
  });

  it('answers "Product creation failed" with a message per missing field, and stores nothing', async () => {
    const before = await db
      .select()
      .from(billingProducts)
      .where(eq(billingProducts.ownerCompanyId, operator.company.id));
    const res = await send('/stripe/products', 'POST', { name: ' ', country: '' });
    const body = (await expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Product creation failed',
      field: 'name',
    })) as Failure;
    expect(body.issues).toEqual([
      { field: 'name', message: 'Enter the name.' },
      { field: 'country', message: 'Select the country.' },
      { field: 'type', message: 'Select the type: one-time or recurring.' },
    ]);
    const after = await db
      .select()
      .from(billingProducts)
      .where(eq(billingProducts.ownerCompanyId, operator.company.id));
    expect(after.length).toBe(before.length);
  });

  it("answers another operator's product as unknown (404) and a caller without billing:admin 403", async () => {
    const p = await ok<Product>(
      await send('/stripe/products', 'POST', { name: unique('Own'), country: 'DE', type: 'one_time' }),
      201,
    );
    for (const [method, json] of [
      ['GET', undefined],
      ['PUT', { name: 'stolen' }],
      ['DELETE', undefined],
    ] as const) {
      await expectError(await send(`/stripe/products/${p.id}`, method, json, rival), 404, {
        code: 'PRODUCT_NOT_FOUND',
        message: 'Not found',
      });
    }
    await expectError(await send(`/stripe/products/999999999`, 'GET'), 404, {
      code: 'PRODUCT_NOT_FOUND',
      message: 'Not found',
    });
    const plain = await world({ company: { services: [SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING] } });
    const plainSession = await login(plain.email, plain.password, plain.ip);
    await expectError(await send('/stripe/products', 'GET', undefined, plainSession), 403, {
      code: 'FORBIDDEN',
      message: FORBIDDEN,
    });
    // Role 42 without service 30 or 35 on its company: not billing:admin either.
    const noService = await world({ roles: [ROLE.PAYMENT_PROVIDER_ADMIN] });
    const noServiceSession = await login(noService.email, noService.password, noService.ip);
    await expectError(
      await send('/stripe/coupons', 'POST', { percent_off: 5, duration: 'once' }, noServiceSession),
      403,
      {
        code: 'FORBIDDEN',
        message: FORBIDDEN,
      },
    );
  });

  it('answers "Product creation failed" when Stripe is unreachable; the row stays not synced until a later save sends it', async () => {
    const name = unique('Outage');
    const res = await withStripeDown('/stripe/products', 'POST', { name, country: 'NL', type: 'recurring' });
    await expectError(res, 502, { code: 'STRIPE_UNAVAILABLE', message: 'Product creation failed' });
    const row = await db.select().from(billingProducts).where(eq(billingProducts.name, name)).get();
    expect(row).toMatchObject({ ownerCompanyId: operator.company.id, stripeProductId: null });
    const listed = await ok<Page<Product>>(await send(`/stripe/products?q=${encodeURIComponent(name)}`, 'GET'));
    expect(listed.data).toEqual([expect.objectContaining({ id: row?.id, synced: false, stripe_product_id: null })]);

    const again = await ok<Product>(await send(`/stripe/products/${row?.id}`, 'PUT', {}));
    expect(again.synced).toBe(true);
    expect((await stripe().products.retrieve(again.stripe_product_id as string)).metadata.product_id).toBe(
      String(row?.id),
    );
  });

  it('answers "Product update failed" when Stripe is unreachable and keeps the product as it was', async () => {
    const p = await ok<Product>(
      await send('/stripe/products', 'POST', { name: unique('Stable'), country: 'ES', type: 'recurring' }),
      201,
    );
    const res = await withStripeDown(`/stripe/products/${p.id}`, 'PUT', { name: 'Never stored' });
    await expectError(res, 502, { code: 'STRIPE_UNAVAILABLE', message: 'Product update failed' });
    const after = await ok<Product>(await send(`/stripe/products/${p.id}`, 'GET'));
    expect(after).toMatchObject({ name: p.name, synced: true });
    expect((await stripe().products.retrieve(p.stripe_product_id as string)).name).toBe(p.name);
  });
});

describe('prices', () => {
  let product: Product;
  beforeAll(async () => {
    product = await ok<Product>(
      await send('/stripe/products', 'POST', { name: unique('Plan'), country: 'IT', type: 'recurring' }),
      201,
    );
  });

  it('creates a monthly price in Stripe, default of its product', async () => {
    const price = await ok<Price>(
      await send('/stripe/prices', 'POST', {
        product_id: product.id,
        unit_amount: 1990,
        currency: 'eur',
        interval: 'month',
        default: true,
      }),
      201,
    );
    expect(price).toMatchObject({ unit_amount: 1990, currency: 'EUR', interval: 'month', default: true, active: true });
    const remote = await stripe().prices.retrieve(price.stripe_price_id as string);
    expect(remote).toMatchObject({
      unit_amount: 1990,
      currency: 'eur',
      product: product.stripe_product_id,
      recurring: expect.objectContaining({ interval: 'month' }),
    });
    const typeChange = (await expectError(
      await send(`/stripe/products/${product.id}`, 'PUT', { type: 'one_time' }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'Product update failed',
        field: 'type',
      },
    )) as Failure;
    expect(typeChange.issues?.[0]?.message).toBe(
      'The type of a product that has prices cannot change: create another product.',
    );
    const byProduct = await ok<Price>(await send(`/stripe/prices/${product.id}?byProductId=1`, 'GET'));
    expect(byProduct.id).toBe(price.id);
    const shown = await ok<Product>(await send(`/stripe/products/${product.id}`, 'GET'));
    expect(shown.default_price?.id).toBe(price.id);
    const found = await ok<Page<Price>>(
      await send(`/stripe/prices?q=${encodeURIComponent(product.name.toUpperCase())}`, 'GET'),
    );
    expect(found.data.map((p) => p.id)).toEqual([price.id]);
    const none = await ok<Page<Price>>(await send('/stripe/prices?q=no-such-product-name', 'GET'));
    expect(none).toMatchObject({ data: [], total: 0 });
  });

  it('replaces a price whose amount changes (Stripe prices are immutable) and deactivates the old one', async () => {
    const old = await ok<Price>(
      await send('/stripe/prices', 'POST', {
        product_id: product.id,
        unit_amount: 5000,
        currency: 'EUR',
        interval: 'year',
      }),
      201,
    );
    const next = await ok<Price>(await send(`/stripe/prices/${old.id}`, 'PUT', { unit_amount: 4500 }), 201);
    expect(next).toMatchObject({ unit_amount: 4500, interval: 'year', active: true, replaced_price_id: old.id });
    expect(next.id).not.toBe(old.id);
    expect((await stripe().prices.retrieve(next.stripe_price_id as string)).unit_amount).toBe(4500);
    expect((await stripe().prices.retrieve(old.stripe_price_id as string)).active).toBe(false);
    const oldNow = await ok<Price>(await send(`/stripe/prices/${old.id}`, 'GET'));
    expect(oldNow.active).toBe(false);

    const listed = await ok<Page<Price>>(await send(`/stripe/prices?productId=${product.id}&items_per_page=1`, 'GET'));
    expect(listed.data.length).toBe(1);
    expect(listed.total).toBeGreaterThanOrEqual(3);

    const off = await ok<Price>(await send(`/stripe/prices/${next.id}`, 'DELETE'));
    expect(off.active).toBe(false);
    expect((await stripe().prices.retrieve(next.stripe_price_id as string)).active).toBe(false);
  });

  it('refuses a price without amount or currency, or one-time on a recurring product, with the spec text', async () => {
    const body = (await expectError(
      await send('/stripe/prices', 'POST', { product_id: product.id, interval: 'one_time' }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'Creation failed',
        field: 'unit_amount',
      },
    )) as Failure;
    expect(body.issues?.map((i) => i.field)).toEqual(['unit_amount', 'currency', 'interval']);
    expect(body.issues?.[2]?.message).toBe(
      'A one-time product takes a one-time price, a recurring product a monthly or yearly price.',
    );
    await expectError(
      await send(
        '/stripe/prices',
        'POST',
        { product_id: product.id, unit_amount: 10, currency: 'EUR', interval: 'month' },
        rival,
      ),
      400,
      { code: 'VALIDATION_FAILED', message: 'Creation failed', field: 'product_id' },
    );
  });
});

describe('tax rates', () => {
  it('creates, describes again, refuses a new percentage, and deactivates (never deletes)', async () => {
    const rate = await ok<{ id: number; stripe_tax_rate_id: string; percentage: number }>(
      await send('/stripe/account/tax-rate', 'POST', {
        description: 'IVA 22',
        percentage: 22,
        jurisdiction: 'IT',
        tax_type: 'vat',
        inclusive: false,
      }),
      201,
    );
    expect(rate.stripe_tax_rate_id).toMatch(/^txr_/);
    expect(await stripe().taxRates.retrieve(rate.stripe_tax_rate_id)).toMatchObject({
      percentage: 22,
      inclusive: false,
      jurisdiction: 'IT',
      tax_type: 'vat',
    });
    await ok(await send(`/stripe/account/tax-rate/${rate.id}`, 'PUT', { description: 'IVA ordinaria' }));
    expect((await stripe().taxRates.retrieve(rate.stripe_tax_rate_id)).description).toBe('IVA ordinaria');
    const refused = (await expectError(
      await send(`/stripe/account/tax-rate/${rate.id}`, 'PUT', { percentage: 10 }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'Update failed',
        field: 'percentage',
      },
    )) as Failure;
    expect(refused.issues?.[0]?.message).toMatch(/cannot change/);
    const off = await ok<{ active: boolean }>(await send(`/stripe/account/tax-rate/${rate.id}`, 'DELETE'));
    expect(off.active).toBe(false);
    expect((await stripe().taxRates.retrieve(rate.stripe_tax_rate_id)).active).toBe(false);
    const listed = await ok<Page<{ id: number }>>(await send('/stripe/account/tax-rate?items_per_page=50', 'GET'));
    expect(listed.data.map((r) => r.id)).toContain(rate.id);
    await expectError(await send(`/stripe/account/tax-rate/${rate.id}`, 'GET', undefined, rival), 404, {
      code: 'TAX_RATE_NOT_FOUND',
      message: 'Not found',
    });
  });

  it('refuses a percentage outside 0–100 or with more than four decimals', async () => {
    for (const percentage of [101, 7.12345]) {
      await expectError(await send('/stripe/account/tax-rate', 'POST', { description: 'x', percentage }), 400, {
        code: 'VALIDATION_FAILED',
        message: 'Creation failed',
        field: 'percentage',
      });
    }
  });
});

describe('coupons', () => {
  it('creates percentage and amount coupons, renames, and deletes at Stripe', async () => {
    const pct = await ok<{ id: number; stripe_coupon_id: string }>(
      await send('/stripe/coupons', 'POST', { name: 'Welcome', percent_off: 25, duration: 'once' }),
      201,
    );
    expect(await stripe().coupons.retrieve(pct.stripe_coupon_id)).toMatchObject({ percent_off: 25, duration: 'once' });
    const amount = await ok<{ id: number; stripe_coupon_id: string }>(
      await send('/stripe/coupons', 'POST', {
        amount_off: 500,
        currency: 'EUR',
        duration: 'repeating',
        duration_in_months: 3,
      }),
      201,
    );
    expect(await stripe().coupons.retrieve(amount.stripe_coupon_id)).toMatchObject({
      amount_off: 500,
      currency: 'eur',
      duration: 'repeating',
      duration_in_months: 3,
    });
    await ok(await send(`/stripe/coupons/${pct.id}`, 'POST', { name: 'Welcome back' }));
    expect((await stripe().coupons.retrieve(pct.stripe_coupon_id)).name).toBe('Welcome back');
    const deleted = await ok<{ deleted: boolean }>(await send(`/stripe/coupons/${pct.id}`, 'DELETE'));
    expect(deleted.deleted).toBe(true);
    await expect(stripe().coupons.retrieve(pct.stripe_coupon_id)).rejects.toThrow();
    const live = await ok<Page<{ id: number }>>(await send('/stripe/coupons', 'GET'));
    expect(live.data.map((c) => c.id)).toEqual(expect.arrayContaining([amount.id]));
    expect(live.data.map((c) => c.id)).not.toContain(pct.id);
  });

  it('deletes a coupon Stripe no longer has (deleted there): ours is deleted too', async () => {
    const c = await ok<{ id: number; stripe_coupon_id: string }>(
      await send('/stripe/coupons', 'POST', { percent_off: 15, duration: 'forever' }),
      201,
    );
    await stripe().coupons.del(c.stripe_coupon_id);
    const deleted = await ok<{ deleted: boolean }>(await send(`/stripe/coupons/${c.id}`, 'DELETE'));
    expect(deleted.deleted).toBe(true);
  });

  it('refuses both discounts, and months on a coupon that does not repeat', async () => {
    await expectError(
      await send('/stripe/coupons', 'POST', { percent_off: 5, amount_off: 100, currency: 'EUR', duration: 'once' }),
      400,
      { code: 'VALIDATION_FAILED', message: 'Creation failed', field: 'amount_off' },
    );
    const body = (await expectError(
      await send('/stripe/coupons', 'POST', { percent_off: 5, duration: 'forever', duration_in_months: 3 }),
      400,
      { code: 'VALIDATION_FAILED', message: 'Creation failed', field: 'duration_in_months' },
    )) as Failure;
    expect(body.issues?.[0]?.message).toBe('Months apply only to a repeating coupon.');
    // Stripe changes only the name: any other field is refused as unknown.
    const c = await ok<{ id: number }>(
      await send('/stripe/coupons', 'POST', { percent_off: 5, duration: 'once' }),
      201,
    );
    expect((await send(`/stripe/coupons/${c.id}`, 'POST', { percent_off: 50 })).status).toBe(400);
  });
});

describe('one-time products', () => {
  let product: Product;
  let customer: { id: number };
  beforeAll(async () => {
    product = await ok<Product>(
      await send('/stripe/products', 'POST', { name: unique('Install'), country: 'IT', type: 'one_time' }),
      201,
    );
    customer = await createCompany(db, {
      name: unique('Fleet'),
      parentCompanyId: operator.company.id,
      currency: 'GBP',
    });
  });

  it('sells a product once to a company of the scope, pending in its currency, changed and deleted while pending', async () => {
    const line = await ok<{ id: number; status: string; currency: string; total_excluding_tax: number }>(
      await send('/stripe/one-time-products', 'POST', {
        company_id: customer.id,
        product_id: product.id,
        quantity: 3,
        unit_amount: 2500,
      }),
      201,
    );
    expect(line).toMatchObject({ status: 'pending', currency: 'GBP', total_excluding_tax: 7500 });
    const pending = await ok<Page<{ id: number }>>(await send('/stripe/one-time-products?pending=1', 'GET'));
    expect(pending.data.map((l) => l.id)).toContain(line.id);
    const changed = await ok<{ quantity: number }>(
      await send(`/stripe/one-time-products/${line.id}`, 'PUT', { quantity: 4 }),
    );
    expect(changed.quantity).toBe(4);
    const cancelled = await ok<{ status: string }>(await send(`/stripe/one-time-products/${line.id}`, 'DELETE'));
    expect(cancelled.status).toBe('cancelled');
    await expectError(await send(`/stripe/one-time-products/${line.id}`, 'PUT', { quantity: 5 }), 409, {
      code: 'ONE_TIME_PRODUCT_NOT_PENDING',
      message: 'Update failed',
    });
    const stillPending = await ok<Page<{ id: number }>>(await send('/stripe/one-time-products?pending=1', 'GET'));
    expect(stillPending.data.map((l) => l.id)).not.toContain(line.id);
    await expectError(await send(`/stripe/one-time-products/${line.id}`, 'DELETE', undefined, rival), 404, {
      code: 'ONE_TIME_PRODUCT_NOT_FOUND',
      message: 'Not found',
    });
  });

  it('refuses a company outside the scope (403 on the field), a recurring product and a bad quantity (400)', async () => {
    const outside = await createCompany(db, { name: unique('Elsewhere') });
    await expectError(
      await send('/stripe/one-time-products', 'POST', {
        company_id: outside.id,
        product_id: product.id,
        quantity: 1,
        unit_amount: 0,
      }),
      403,
      { code: 'FORBIDDEN', message: FORBIDDEN, field: 'company_id' },
    );
    const recurring = await ok<Product>(
      await send('/stripe/products', 'POST', { name: unique('Sub'), country: 'IT', type: 'recurring' }),
      201,
    );
    await expectError(
      await send('/stripe/one-time-products', 'POST', {
        company_id: customer.id,
        product_id: recurring.id,
        quantity: 1,
        unit_amount: 0,
      }),
      400,
      { code: 'VALIDATION_FAILED', message: 'Creation failed', field: 'product_id' },
    );
    const body = (await expectError(
      await send('/stripe/one-time-products', 'POST', {
        company_id: customer.id,
        product_id: product.id,
        quantity: 0,
        unit_amount: -1,
      }),
      400,
      { code: 'VALIDATION_FAILED', message: 'Creation failed', field: 'quantity' },
    )) as Failure;
    expect(body.issues?.map((i) => i.message)).toEqual([
      'Enter a quantity of 1 or more (a whole number).',
      'Enter a unit price of zero or more.',
    ]);
  });

  it("offers the operator's one-time products and the company's currency to the four-step create", async () => {
    const options = await ok<{ currency: string; products: { id: number }[] }>(
      await send(`/stripe/one-time-products/options?company_id=${customer.id}`, 'GET'),
    );
    expect(options.currency).toBe('GBP');
    expect(options.products.map((p) => p.id)).toContain(product.id);
  });
});
