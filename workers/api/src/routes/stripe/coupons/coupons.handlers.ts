/**
 * @module The operator's coupons (spec 7.4 `stripe/coupons`). Created here first, then at Stripe with the key of the
 * row (`coupon:create:<id>`). Stripe changes only a coupon's name (the spec's POST on the id); DELETE deletes it at
 * Stripe (discounts already granted stay) and marks the row deleted, so it is never applied again.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import type { billingCoupons } from '@db/schema';
import { checkCoupon } from '@domain/billing/catalogue';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  attempt,
  auditOf,
  invalid,
  notConfigured,
  ownerOf,
  stripeFailed,
  stripeOf,
  versionOf,
} from '../catalogue.answers';
import { ownerStripeOptions } from '../catalogue.store';
import { create, detail, list, remove, update } from './coupons.routes';
import { toCoupon } from './coupons.schemas';
import { insertCoupon, listCoupons, scopedCoupon, setStripeCouponId, updateCoupon } from './coupons.store';

type Ctx = Context<AppEnv>;
type Coupon = typeof billingCoupons.$inferSelect;

async function pushCoupon(c: Ctx, stripe: Stripe, row: Coupon, failure: 'creationFailed' | 'updateFailed') {
  if (row.stripeCouponId) return { ok: true as const, value: row };
  const db = c.get('db');
  const options = await ownerStripeOptions(db, row.ownerCompanyId);
  const sent = await attempt(c, failure, () =>
    stripe.coupons.create(
      {
        ...(row.name ? { name: row.name } : {}),
        ...(row.percentOff !== null ? { percent_off: row.percentOff } : {}),
        ...(row.amountOff !== null ? { amount_off: row.amountOff, currency: (row.currency ?? '').toLowerCase() } : {}),
        duration: row.duration,
        ...(row.durationInMonths !== null ? { duration_in_months: row.durationInMonths } : {}),
        metadata: { coupon_id: String(row.id) },
      },
      { ...options, idempotencyKey: idempotencyKey('coupon', 'create', row.id) },
    ),
  );
  if (!sent.ok) return sent;
  return { ok: true as const, value: await setStripeCouponId(db, row.id, sent.value.id) };
}

const notFound = (c: Ctx) => apiError(c, 404, 'COUPON_NOT_FOUND', 'notFound');

export const couponRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listCoupons(c.get('db'), ownerOf(c), {
      deleted: q.deleted === '1',
      page: q.page,
      items_per_page: q.items_per_page,
    });
    return c.json({ data: rows.map(toCoupon), total, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  .openapi(detail, async (c) => {
    const found = await scopedCoupon(c.get('db'), ownerOf(c), c.req.valid('param').couponId);
    if (!found) return notFound(c);
    return c.json(toCoupon(found), 200);
  })
  .openapi(create, async (c) => {
    const checked = checkCoupon(c.req.valid('json'));
    if (!checked.ok) return invalid(c, checked.issues, 'creationFailed');
    const stripe = stripeOf(c);
    if (!stripe) return notConfigured(c);
    const row = await insertCoupon(
      c.get('db'),
      { ownerCompanyId: ownerOf(c), ...checked.value, name: checked.value.name ?? '' },
      auditOf(c, 'billing.coupon.create', 'billing_coupon', undefined, checked.value),
    );
    const pushed = await pushCoupon(c, stripe, row, 'creationFailed');
    if (!pushed.ok) return pushed.answer;
    return c.json(toCoupon(pushed.value), 201);
  })
  .openapi(update, async (c) => {
    const db = c.get('db');
    const cur = await scopedCoupon(db, ownerOf(c), c.req.valid('param').couponId);
    if (!cur) return notFound(c);
    if (cur.deletedAt) return apiError(c, 409, 'COUPON_DELETED', 'updateFailed');
    const name = (c.req.valid('json').name ?? '').trim();
    if (name.length > 40) return invalid(c, [{ field: 'name', message: 'nameTooLong' }], 'updateFailed');
    const stripe = stripeOf(c);
    if (!stripe) return notConfigured(c);
    if (cur.stripeCouponId) {
      const id = cur.stripeCouponId;
      const options = await ownerStripeOptions(db, cur.ownerCompanyId);
      const sent = await attempt(c, 'updateFailed', () =>
        stripe.coupons.update(
          id,
          { name },
          { ...options, idempotencyKey: idempotencyKey('coupon', 'update', cur.id, versionOf(cur)) },
        ),
      );
      if (!sent.ok) return sent.answer;
    }
    const row = await updateCoupon(
      db,
      cur.id,
      { name },
      auditOf(c, 'billing.coupon.update', 'billing_coupon', cur.id, { name }),
    );
    const pushed = await pushCoupon(c, stripe, row, 'updateFailed');
    if (!pushed.ok) return pushed.answer;
    return c.json(toCoupon(pushed.value), 200);
  })
  .openapi(remove, async (c) => {
    const db = c.get('db');
    const cur = await scopedCoupon(db, ownerOf(c), c.req.valid('param').couponId);
    if (!cur) return notFound(c);
    if (cur.deletedAt) return c.json(toCoupon(cur), 200);
    const stripe = stripeOf(c);
    if (!stripe) return notConfigured(c);
    if (cur.stripeCouponId) {
      const id = cur.stripeCouponId;
      const options = await ownerStripeOptions(db, cur.ownerCompanyId);
      try {
        await (options.stripeAccount ? stripe.coupons.del(id, {}, options) : stripe.coupons.del(id));
      } catch (error) {
        // Already gone at Stripe (deleted there, or a retry after our write failed): ours is deleted too.
        if ((error as { code?: string }).code !== 'resource_missing') return stripeFailed(c, error, 'updateFailed');
      }
    }
    const row = await updateCoupon(
      db,
      cur.id,
      { deletedAt: new Date() },
      auditOf(c, 'billing.coupon.delete', 'billing_coupon', cur.id, {}),
    );
    return c.json(toCoupon(row), 200);
  });
