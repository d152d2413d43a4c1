/**
 * @module The catalogue's prices (spec 7.4 `stripe/prices`). A new price is written here first, its product sent to
 * Stripe if it is not there yet, then the price with the key of its row (`price:create:<id>`). Stripe prices are
 * immutable but for `active`: `priceChange` (domain/billing/catalogue.ts) decides whether an update is in place or a
 * new price replacing this one (created, then the old one deactivated at Stripe and here).
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import type { billingPrices } from '@db/schema';
import { checkPrice, priceChange } from '@domain/billing/catalogue';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { attempt, auditOf, invalid, notConfigured, ownerOf, stripeOf, versionOf } from '../catalogue.answers';
import { ownerStripeOptions } from '../catalogue.store';
import { pushProduct } from '../products/products.handlers';
import { scopedProduct } from '../products/products.store';
import { create, deactivate, detail, list, update } from './prices.routes';
import { toPrice } from './prices.schemas';
import { defaultPriceOf, insertPrice, listPrices, scopedPrice, setStripePriceId, updatePrice } from './prices.store';

type Ctx = Context<AppEnv>;
type Price = typeof billingPrices.$inferSelect;
type Failure = 'creationFailed' | 'updateFailed';

/** Sends a price Stripe does not have yet (its product first), with the key of its row; stores Stripe's id. */
async function pushPrice(c: Ctx, stripe: Stripe, row: Price, failure: Failure) {
  if (row.stripePriceId) return { ok: true as const, value: row };
  const db = c.get('db');
  const found = await scopedProduct(db, row.ownerCompanyId, row.productId);
  if (!found) throw new Error('price without its product');
  const product = await pushProduct(c, stripe, found.product, failure);
  if (!product.ok) return product;
  const stripeProductId = product.value.stripeProductId as string;
  const options = await ownerStripeOptions(db, row.ownerCompanyId);
  const sent = await attempt(c, failure, () =>
    stripe.prices.create(
      {
        product: stripeProductId,
        unit_amount: row.unitAmount,
        currency: row.currency.toLowerCase(),
        active: row.active,
        ...(row.interval === 'one_time' ? {} : { recurring: { interval: row.interval } }),
        metadata: { price_id: String(row.id) },
      },
      { ...options, idempotencyKey: idempotencyKey('price', 'create', row.id) },
    ),
  );
  if (!sent.ok) return sent;
  return { ok: true as const, value: await setStripePriceId(db, row.id, sent.value.id) };
}

/** `active` and the default flag, in place: `active` to Stripe first when the price is there, then here. */
async function changeInPlace(c: Ctx, stripe: Stripe, current: Price, active: boolean, isDefault: boolean) {
  const db = c.get('db');
  if (current.stripePriceId && active !== current.active) {
    const id = current.stripePriceId;
    const options = await ownerStripeOptions(db, current.ownerCompanyId);
    const sent = await attempt(c, 'updateFailed', () =>
      stripe.prices.update(
        id,
        { active },
        { ...options, idempotencyKey: idempotencyKey('price', 'update', current.id, versionOf(current)) },
      ),
    );
    if (!sent.ok) return sent;
  }
  const row = await updatePrice(
    db,
    current.id,
    { active, isDefault },
    auditOf(c, 'billing.price.update', 'billing_price', current.id, { active, isDefault }),
  );
  return pushPrice(c, stripe, row, 'updateFailed');
}

const notFound = (c: Ctx) => apiError(c, 404, 'PRICE_NOT_FOUND', 'notFound');

export const priceRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listPrices(c.get('db'), ownerOf(c), {
      productId: q.productId,
      active: q.active === undefined ? undefined : q.active === '1',
      q: q.q,
      page: q.page,
      items_per_page: q.items_per_page,
    });
    return c.json(
      { data: rows.map((r) => toPrice(r.price, r.productName)), total, page: q.page, items_per_page: q.items_per_page },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const { priceId } = c.req.valid('param');
    const byProduct = c.req.valid('query').byProductId === '1';
    const db = c.get('db');
    const found = byProduct
      ? await defaultPriceOf(db, ownerOf(c), priceId)
      : await scopedPrice(db, ownerOf(c), priceId);
    if (!found) return notFound(c);
    return c.json(toPrice(found.price, found.productName), 200);
  })
  .openapi(create, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const product = body.product_id ? await scopedProduct(db, ownerOf(c), body.product_id) : null;
    const checked = checkPrice({ ...body, product_id: product?.product.id ?? null }, product?.product.type ?? null);
    if (!checked.ok) return invalid(c, checked.issues, 'creationFailed');
    const stripe = stripeOf(c);
    if (!stripe) return notConfigured(c);
    const { productId, unitAmount, currency, interval } = checked.value;
    const row = await insertPrice(
      db,
      { ownerCompanyId: ownerOf(c), productId, unitAmount, currency, interval, isDefault: body.default ?? false },
      auditOf(c, 'billing.price.create', 'billing_price', undefined, checked.value),
    );
    const pushed = await pushPrice(c, stripe, row, 'creationFailed');
    if (!pushed.ok) return pushed.answer;
    return c.json(toPrice(pushed.value, product?.product.name ?? ''), 201);
  })
  .openapi(update, async (c) => {
    const db = c.get('db');
    const found = await scopedPrice(db, ownerOf(c), c.req.valid('param').priceId);
    if (!found) return notFound(c);
    const body = c.req.valid('json');
    const cur = found.price;
    const product = await scopedProduct(db, ownerOf(c), cur.productId);
    const checked = checkPrice(
      {
        product_id: cur.productId,
        unit_amount: body.unit_amount === undefined ? cur.unitAmount : body.unit_amount,
        currency: body.currency === undefined ? cur.currency : body.currency,
        interval: body.interval === undefined ? cur.interval : body.interval,
      },
      product?.product.type ?? null,
    );
    if (!checked.ok) return invalid(c, checked.issues, 'updateFailed');
    const stripe = stripeOf(c);
    if (!stripe) return notConfigured(c);
    const isDefault = body.default ?? cur.isDefault;
    if (priceChange(cur, checked.value) === 'in_place') {
      const changed = await changeInPlace(c, stripe, cur, body.active ?? cur.active, isDefault);
      if (!changed.ok) return changed.answer;
      return c.json(toPrice(changed.value, found.productName), 200);
    }
    // Another amount, currency or interval: a new price, then this one deactivated (Stripe first, then here).
    const { unitAmount, currency, interval } = checked.value;
    const next = await insertPrice(
      db,
      { ownerCompanyId: cur.ownerCompanyId, productId: cur.productId, unitAmount, currency, interval, isDefault },
      auditOf(c, 'billing.price.replace', 'billing_price', undefined, { replaces: cur.id, ...checked.value }),
    );
    const pushed = await pushPrice(c, stripe, next, 'updateFailed');
    if (!pushed.ok) return pushed.answer;
    const retired = await changeInPlace(c, stripe, cur, false, false);
    if (!retired.ok) return retired.answer;
    return c.json(toPrice(pushed.value, found.productName, cur.id), 201);
  })
  .openapi(deactivate, async (c) => {
    const found = await scopedPrice(c.get('db'), ownerOf(c), c.req.valid('param').priceId);
    if (!found) return notFound(c);
    const stripe = stripeOf(c);
    if (!stripe) return notConfigured(c);
    const changed = await changeInPlace(c, stripe, found.price, false, found.price.isDefault);
    if (!changed.ok) return changed.answer;
    return c.json(toPrice(changed.value, found.productName), 200);
  });
