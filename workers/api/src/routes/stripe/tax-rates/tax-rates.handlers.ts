/**
 * @module The operator's tax rates (spec 7.2 `stripe/account/tax-rate`). Created here first, then at Stripe with the
 * key of the row (`tax_rate:create:<id>`). Stripe never deletes a tax rate nor changes its percentage or
 * inclusiveness: DELETE deactivates, and an update that changes either is refused (`taxRateEditAllowed`).
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import type { billingTaxRates } from '@db/schema';
import { checkTaxRate, taxRateEditAllowed } from '@domain/billing/catalogue';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { attempt, auditOf, invalid, notConfigured, ownerOf, stripeOf, versionOf } from '../catalogue.answers';
import { ownerStripeOptions } from '../catalogue.store';
import { create, deactivate, detail, list, update } from './tax-rates.routes';
import { toTaxRate } from './tax-rates.schemas';
import { insertTaxRate, listTaxRates, scopedTaxRate, setStripeTaxRateId, updateTaxRate } from './tax-rates.store';

type Ctx = Context<AppEnv>;
type TaxRate = typeof billingTaxRates.$inferSelect;
type TaxType = Stripe.TaxRateCreateParams.TaxType;

/** The fields Stripe lets us change on a tax rate (display name: the description, cut to Stripe's 50 characters). */
const editable = (r: Pick<TaxRate, 'id' | 'description' | 'jurisdiction' | 'taxType' | 'active'>) => ({
  display_name: r.description.slice(0, 50),
  description: r.description,
  active: r.active,
  ...(r.jurisdiction ? { jurisdiction: r.jurisdiction } : {}),
  ...(r.taxType ? { tax_type: r.taxType as TaxType } : {}),
  metadata: { tax_rate_id: String(r.id) },
});

async function pushTaxRate(c: Ctx, stripe: Stripe, row: TaxRate, failure: 'creationFailed' | 'updateFailed') {
  if (row.stripeTaxRateId) return { ok: true as const, value: row };
  const db = c.get('db');
  const options = await ownerStripeOptions(db, row.ownerCompanyId);
  const sent = await attempt(c, failure, () =>
    stripe.taxRates.create(
      { ...editable(row), percentage: row.percentage, inclusive: row.inclusive },
      { ...options, idempotencyKey: idempotencyKey('tax_rate', 'create', row.id) },
    ),
  );
  if (!sent.ok) return sent;
  return { ok: true as const, value: await setStripeTaxRateId(db, row.id, sent.value.id) };
}

/** A change Stripe allows: to Stripe first when the rate is there (the key carries the row's version), then here. */
async function change(
  c: Ctx,
  current: TaxRate,
  wanted: Pick<TaxRate, 'description' | 'jurisdiction' | 'taxType' | 'active'>,
) {
  const stripe = stripeOf(c);
  if (!stripe) return { ok: false as const, answer: notConfigured(c) };
  const db = c.get('db');
  if (current.stripeTaxRateId) {
    const id = current.stripeTaxRateId;
    const options = await ownerStripeOptions(db, current.ownerCompanyId);
    const sent = await attempt(c, 'updateFailed', () =>
      stripe.taxRates.update(id, editable({ id: current.id, ...wanted }), {
        ...options,
        idempotencyKey: idempotencyKey('tax_rate', 'update', current.id, versionOf(current)),
      }),
    );
    if (!sent.ok) return sent;
  }
  const row = await updateTaxRate(
    db,
    current.id,
    wanted,
    auditOf(c, 'billing.tax_rate.update', 'billing_tax_rate', current.id, wanted),
  );
  return pushTaxRate(c, stripe, row, 'updateFailed');
}

const notFound = (c: Ctx) => apiError(c, 404, 'TAX_RATE_NOT_FOUND', 'notFound');

export const taxRateRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listTaxRates(c.get('db'), ownerOf(c), {
      active: q.active === undefined ? undefined : q.active === '1',
      page: q.page,
      items_per_page: q.items_per_page,
    });
    return c.json({ data: rows.map(toTaxRate), total, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  .openapi(detail, async (c) => {
    const found = await scopedTaxRate(c.get('db'), ownerOf(c), c.req.valid('param').taxRateId);
    if (!found) return notFound(c);
    return c.json(toTaxRate(found), 200);
  })
  .openapi(create, async (c) => {
    const checked = checkTaxRate(c.req.valid('json'));
    if (!checked.ok) return invalid(c, checked.issues, 'creationFailed');
    const stripe = stripeOf(c);
    if (!stripe) return notConfigured(c);
    const row = await insertTaxRate(
      c.get('db'),
      { ownerCompanyId: ownerOf(c), ...checked.value },
      auditOf(c, 'billing.tax_rate.create', 'billing_tax_rate', undefined, checked.value),
    );
    const pushed = await pushTaxRate(c, stripe, row, 'creationFailed');
    if (!pushed.ok) return pushed.answer;
    return c.json(toTaxRate(pushed.value), 201);
  })
  .openapi(update, async (c) => {
    const cur = await scopedTaxRate(c.get('db'), ownerOf(c), c.req.valid('param').taxRateId);
    if (!cur) return notFound(c);
    const body = c.req.valid('json');
    const pick = <K extends keyof typeof body>(key: K, fallback: unknown) =>
      body[key] === undefined ? fallback : body[key];
    const checked = checkTaxRate({
      description: pick('description', cur.description) as string | null,
      percentage: pick('percentage', cur.percentage) as number | null,
      jurisdiction: pick('jurisdiction', cur.jurisdiction) as string | null,
      tax_type: pick('tax_type', cur.taxType) as string | null,
      inclusive: pick('inclusive', cur.inclusive) as boolean | null,
    });
    if (!checked.ok) return invalid(c, checked.issues, 'updateFailed');
    if (!taxRateEditAllowed(cur, checked.value)) {
      const field = checked.value.percentage !== cur.percentage ? 'percentage' : 'inclusive';
      return invalid(c, [{ field, message: 'taxRateImmutable' }], 'updateFailed');
    }
    const { description, jurisdiction, taxType } = checked.value;
    const changed = await change(c, cur, { description, jurisdiction, taxType, active: body.active ?? cur.active });
    if (!changed.ok) return changed.answer;
    return c.json(toTaxRate(changed.value), 200);
  })
  .openapi(deactivate, async (c) => {
    const cur = await scopedTaxRate(c.get('db'), ownerOf(c), c.req.valid('param').taxRateId);
    if (!cur) return notFound(c);
    const { description, jurisdiction, taxType } = cur;
    const changed = await change(c, cur, { description, jurisdiction, taxType, active: false });
    if (!changed.ok) return changed.answer;
    return c.json(toTaxRate(changed.value), 200);
  });
