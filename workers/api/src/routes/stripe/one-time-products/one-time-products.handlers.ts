/**
 * @module One-time products (spec 7.4 `stripe/one-time-products`): a product sold once to a company of the scope,
 * pending until the monthly invoice job turns it into a Stripe invoice item (with the key of its row). Here it is
 * only created, changed and deleted while pending: no Stripe call, so no Stripe failure either. The company named
 * in the body must be in the caller's scope (403 on the field otherwise, ADR 005); the product, subscription and
 * coupon must be the operator's (400 on the field otherwise).
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import type { CatalogueIssue } from '@domain/billing/catalogue';
import { checkOneTimeProduct } from '@domain/billing/catalogue';
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { auditOf, invalid, ownerOf } from '../catalogue.answers';
import { companyCurrency } from '../catalogue.store';
import { cancel, create, detail, list, options, update } from './one-time-products.routes';
import { type OneTimeBody, toOneTime } from './one-time-products.schemas';
import {
  companySubscriptions,
  insertLine,
  listLines,
  liveCoupons,
  oneTimeProducts,
  scopedLine,
  updatePendingLine,
} from './one-time-products.store';

type Ctx = Context<AppEnv>;
type Body = z.infer<typeof OneTimeBody>;
type Failure = 'creationFailed' | 'updateFailed';

/**
 * Gathers and checks a line: the domain rules, then the references against the operator's catalogue. Answers the
 * clean values with the company's currency, or the error answer.
 */
async function gather(c: Ctx, body: Body, failure: Failure) {
  const db = c.get('db');
  const owner = ownerOf(c);
  const checked = checkOneTimeProduct(body);
  if (body.company_id && !(await callerScope(c)).includes(body.company_id))
    return { ok: false as const, answer: apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'company_id' }) };
  if (!checked.ok) return { ok: false as const, answer: invalid(c, checked.issues, failure) };
  const v = checked.value;
  const [products, coupons, subscriptions] = await Promise.all([
    oneTimeProducts(db, owner),
    liveCoupons(db, owner),
    companySubscriptions(db, owner, v.companyId),
  ]);
  const issues: CatalogueIssue[] = [];
  if (!products.some((p) => p.id === v.productId)) issues.push({ field: 'product_id', message: 'productRequired' });
  if (body.subscription_id && !subscriptions.some((s) => s.id === body.subscription_id))
    issues.push({ field: 'subscription_id', message: 'subscriptionInvalid' });
  if (body.coupon_id && !coupons.some((k) => k.id === body.coupon_id))
    issues.push({ field: 'coupon_id', message: 'couponInvalid' });
  if (issues.length > 0) return { ok: false as const, answer: invalid(c, issues, failure) };
  const values = {
    companyId: v.companyId,
    productId: v.productId,
    quantity: v.quantity,
    unitAmount: v.unitAmount,
    currency: await companyCurrency(db, v.companyId),
    subscriptionId: body.subscription_id ?? null,
    couponId: body.coupon_id ?? null,
  };
  return { ok: true as const, values };
}

async function pendingLine(c: Ctx, id: number) {
  const found = await scopedLine(c.get('db'), ownerOf(c), await callerScope(c), id);
  if (!found) return { ok: false as const, answer: apiError(c, 404, 'ONE_TIME_PRODUCT_NOT_FOUND', 'notFound') };
  if (found.line.status !== 'pending')
    return { ok: false as const, answer: apiError(c, 409, 'ONE_TIME_PRODUCT_NOT_PENDING', 'updateFailed') };
  return { ok: true as const, found };
}

/** The line as stored now, for the answer. */
async function reread(c: Ctx, id: number) {
  const row = await scopedLine(c.get('db'), ownerOf(c), await callerScope(c), id);
  if (!row) throw new Error('one-time product vanished');
  return toOneTime(row);
}

const notPending = (c: Ctx) => apiError(c, 409, 'ONE_TIME_PRODUCT_NOT_PENDING', 'updateFailed');

export const oneTimeRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listLines(c.get('db'), ownerOf(c), await callerScope(c), {
      pending: q.pending === undefined ? undefined : q.pending === '1',
      companyId: q.company_id,
      page: q.page,
      items_per_page: q.items_per_page,
    });
    return c.json({ data: rows.map(toOneTime), total, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  .openapi(options, async (c) => {
    const { company_id } = c.req.valid('query');
    const db = c.get('db');
    const owner = ownerOf(c);
    const company = company_id && (await callerScope(c)).includes(company_id) ? company_id : null;
    const [products, coupons, subscriptions, currency] = await Promise.all([
      oneTimeProducts(db, owner),
      liveCoupons(db, owner),
      company ? companySubscriptions(db, owner, company) : Promise.resolve([]),
      company ? companyCurrency(db, company) : Promise.resolve(null),
    ]);
    return c.json({ currency, products, coupons, subscriptions }, 200);
  })
  .openapi(detail, async (c) => {
    const found = await scopedLine(
      c.get('db'),
      ownerOf(c),
      await callerScope(c),
      c.req.valid('param').pendingOneTimeId,
    );
    if (!found) return apiError(c, 404, 'ONE_TIME_PRODUCT_NOT_FOUND', 'notFound');
    return c.json(toOneTime(found), 200);
  })
  .openapi(create, async (c) => {
    const gathered = await gather(c, c.req.valid('json'), 'creationFailed');
    if (!gathered.ok) return gathered.answer;
    const row = await insertLine(
      c.get('db'),
      { ownerCompanyId: ownerOf(c), ...gathered.values, createdBy: c.get('auth')?.user.id ?? null },
      auditOf(c, 'billing.one_time.create', 'billing_one_time_product', undefined, gathered.values),
    );
    return c.json(await reread(c, row.id), 201);
  })
  .openapi(update, async (c) => {
    const id = c.req.valid('param').pendingOneTimeId;
    const current = await pendingLine(c, id);
    if (!current.ok) return current.answer;
    const l = current.found.line;
    const body = c.req.valid('json');
    const merged: Body = {
      company_id: body.company_id === undefined ? l.companyId : body.company_id,
      product_id: body.product_id === undefined ? l.productId : body.product_id,
      quantity: body.quantity === undefined ? l.quantity : body.quantity,
      unit_amount: body.unit_amount === undefined ? l.unitAmount : body.unit_amount,
      subscription_id: body.subscription_id === undefined ? l.subscriptionId : body.subscription_id,
      coupon_id: body.coupon_id === undefined ? l.couponId : body.coupon_id,
    };
    const gathered = await gather(c, merged, 'updateFailed');
    if (!gathered.ok) return gathered.answer;
    const audit = auditOf(c, 'billing.one_time.update', 'billing_one_time_product', id, gathered.values);
    if (!(await updatePendingLine(c.get('db'), id, gathered.values, audit))) return notPending(c);
    return c.json(await reread(c, id), 200);
  })
  .openapi(cancel, async (c) => {
    const id = c.req.valid('param').pendingOneTimeId;
    const current = await pendingLine(c, id);
    if (!current.ok) return current.answer;
    const audit = auditOf(c, 'billing.one_time.cancel', 'billing_one_time_product', id, {});
    if (!(await updatePendingLine(c.get('db'), id, { status: 'cancelled' }, audit))) return notPending(c);
    return c.json(await reread(c, id), 200);
  });
