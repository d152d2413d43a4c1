/**
 * @module The catalogue's products (spec 7.4 `stripe/products`): input → domain check → our row → Stripe →
 * the Stripe id stored. A created product is written here first and sent to Stripe with the idempotency key of
 * its row (`product:create:<id>`), so a retry never makes a second Stripe product; a change goes to Stripe first
 * and is stored only once Stripe took it. Lists come from our table, never from paging Stripe.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import type { billingProducts } from '@db/schema';
import { checkProduct, type ProductType, productTypeChangeAllowed } from '@domain/billing/catalogue';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { attempt, auditOf, invalid, notConfigured, ownerOf, stripeOf, versionOf } from '../catalogue.answers';
import { ownerStripeOptions } from '../catalogue.store';
import { create, deactivate, detail, list, update } from './products.routes';
import { toProduct } from './products.schemas';
import {
  insertProduct,
  listProducts,
  priceCount,
  scopedProduct,
  setStripeProductId,
  updateProduct,
} from './products.store';

type Ctx = Context<AppEnv>;
type Product = typeof billingProducts.$inferSelect;

const stripeFields = (p: Pick<Product, 'id' | 'name' | 'country' | 'type' | 'active'>) => ({
  name: p.name,
  active: p.active,
  metadata: { product_id: String(p.id), country: p.country, type: p.type },
});

/**
 * Sends a product Stripe does not have yet, with the key of its row, and stores the id Stripe gave. Also used by
 * the prices before a price of a product that is not in Stripe yet.
 */
export async function pushProduct(
  c: Ctx,
  stripe: Stripe,
  row: Product,
  failure: 'productCreationFailed' | 'productUpdateFailed' | 'creationFailed' | 'updateFailed',
) {
  if (row.stripeProductId) return { ok: true as const, value: row };
  const options = await ownerStripeOptions(c.get('db'), row.ownerCompanyId);
  const sent = await attempt(c, failure, () =>
    stripe.products.create(stripeFields(row), {
      ...options,
      idempotencyKey: idempotencyKey('product', 'create', row.id),
    }),
  );
  if (!sent.ok) return sent;
  return { ok: true as const, value: await setStripeProductId(c.get('db'), row.id, sent.value.id) };
}

/** The change of a product: to Stripe first (the key carries the row's version), then here. */
async function change(
  c: Ctx,
  current: Product,
  wanted: { name: string; country: string; type: ProductType; active: boolean },
) {
  const stripe = stripeOf(c);
  if (!stripe) return { ok: false as const, answer: notConfigured(c) };
  const db = c.get('db');
  if (current.stripeProductId) {
    const id = current.stripeProductId;
    const options = await ownerStripeOptions(db, current.ownerCompanyId);
    const sent = await attempt(c, 'productUpdateFailed', () =>
      stripe.products.update(id, stripeFields({ id: current.id, ...wanted }), {
        ...options,
        idempotencyKey: idempotencyKey('product', 'update', current.id, versionOf(current)),
      }),
    );
    if (!sent.ok) return sent;
  }
  const row = await updateProduct(
    db,
    current.id,
    wanted,
    auditOf(c, 'billing.product.update', 'billing_product', current.id, wanted),
  );
  return pushProduct(c, stripe, row, 'productUpdateFailed');
}

const notFound = (c: Ctx) => apiError(c, 404, 'PRODUCT_NOT_FOUND', 'notFound');

export const productRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const filters = {
      types: q.types?.split(',') as ProductType[] | undefined,
      active: q.active === undefined ? undefined : q.active === '1',
      q: q.q,
      page: q.page,
      items_per_page: q.items_per_page,
    };
    const { rows, total } = await listProducts(c.get('db'), ownerOf(c), filters);
    return c.json(
      { data: rows.map((r) => toProduct(r.product, r.price)), total, page: q.page, items_per_page: q.items_per_page },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const found = await scopedProduct(c.get('db'), ownerOf(c), c.req.valid('param').productId);
    if (!found) return notFound(c);
    return c.json(toProduct(found.product, found.price), 200);
  })
  .openapi(create, async (c) => {
    const checked = checkProduct(c.req.valid('json'));
    if (!checked.ok) return invalid(c, checked.issues, 'productCreationFailed');
    const stripe = stripeOf(c);
    if (!stripe) return notConfigured(c);
    const row = await insertProduct(
      c.get('db'),
      { ownerCompanyId: ownerOf(c), ...checked.value },
      auditOf(c, 'billing.product.create', 'billing_product', undefined, checked.value),
    );
    const pushed = await pushProduct(c, stripe, row, 'productCreationFailed');
    if (!pushed.ok) return pushed.answer;
    return c.json(toProduct(pushed.value), 201);
  })
  .openapi(update, async (c) => {
    const found = await scopedProduct(c.get('db'), ownerOf(c), c.req.valid('param').productId);
    if (!found) return notFound(c);
    const body = c.req.valid('json');
    const p = found.product;
    const checked = checkProduct({
      name: body.name === undefined ? p.name : body.name,
      country: body.country === undefined ? p.country : body.country,
      type: body.type === undefined ? p.type : body.type,
    });
    if (!checked.ok) return invalid(c, checked.issues, 'productUpdateFailed');
    if (!productTypeChangeAllowed(p.type, checked.value.type, await priceCount(c.get('db'), p.id)))
      return invalid(c, [{ field: 'type', message: 'typeFixed' }], 'productUpdateFailed');
    const changed = await change(c, p, { ...checked.value, active: body.active ?? p.active });
    if (!changed.ok) return changed.answer;
    return c.json(toProduct(changed.value, found.price), 200);
  })
  .openapi(deactivate, async (c) => {
    const found = await scopedProduct(c.get('db'), ownerOf(c), c.req.valid('param').productId);
    if (!found) return notFound(c);
    const p = found.product;
    const changed = await change(c, p, { name: p.name, country: p.country, type: p.type, active: false });
    if (!changed.ok) return changed.answer;
    return c.json(toProduct(changed.value, found.price), 200);
  });
