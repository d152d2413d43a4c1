/**
 * Products, prices, tax rates and coupons. What Stripe forbids stays forbidden: prices and tax rates
 * are never deleted (only `active=false`), a coupon's update changes only its name and metadata, a
 * product with prices cannot be deleted.
 */
import { assign, type Ctx, deleted, emit, type Handler, inRange, list, mustGet, StripeError } from './context';
import { newId, now, type StripeObject } from './store';

const PRODUCT_FIELDS = [
  'active',
  'description',
  'images',
  'metadata',
  'name',
  'shippable',
  'statement_descriptor',
  'tax_code',
  'unit_label',
  'url',
];

function recurring(input: Record<string, unknown> | undefined) {
  if (!input) return null;
  return {
    interval: input.interval,
    interval_count: input.interval_count ?? 1,
    usage_type: input.usage_type ?? 'licensed',
    aggregate_usage: null,
    meter: input.meter ?? null,
    trial_period_days: input.trial_period_days ?? null,
  };
}

function createPrice(ctx: Ctx, input: Record<string, unknown>, product: string): StripeObject {
  const unitAmount =
    (input.unit_amount as number | undefined) ??
    (input.unit_amount_decimal !== undefined ? Math.round(Number(input.unit_amount_decimal)) : null);
  const rec = recurring(input.recurring as Record<string, unknown> | undefined);
  const price = ctx.store.create(ctx.account, 'price', 'price', {
    active: input.active ?? true,
    billing_scheme: input.billing_scheme ?? 'per_unit',
    currency: input.currency,
    custom_unit_amount: null,
    lookup_key: input.lookup_key ?? null,
    metadata: input.metadata ?? {},
    nickname: input.nickname ?? null,
    product,
    recurring: rec,
    tax_behavior: input.tax_behavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: rec ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: unitAmount === null ? null : String(input.unit_amount_decimal ?? unitAmount),
  });
  emit(ctx, 'price.created', price);
  return price;
}

function createProduct(ctx: Ctx): StripeObject {
  const { input } = ctx;
  if (input.id && ctx.store.get(ctx.account, 'product', input.id as string)) {
    throw new StripeError(400, `Product already exists.`, 'id', 'resource_already_exists');
  }
  const product = ctx.store.create(ctx.account, 'product', 'prod', {
    ...(input.id ? { id: input.id } : {}),
    active: true,
    default_price: null,
    description: null,
    images: [],
    marketing_features: [],
    metadata: {},
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    unit_label: null,
    updated: now(),
    url: null,
  });
  assign(product, input, PRODUCT_FIELDS);
  emit(ctx, 'product.created', product);
  const priceData = input.default_price_data as Record<string, unknown> | undefined;
  if (priceData) product.default_price = createPrice(ctx, priceData, product.id).id;
  return product;
}

function updateProduct(ctx: Ctx): StripeObject {
  const product = mustGet(ctx, 'product', ctx.params.id ?? '');
  const previous = assign(product, ctx.input, [...PRODUCT_FIELDS, 'default_price']);
  if (typeof product.default_price === 'string') {
    const price = mustGet(ctx, 'price', product.default_price, 'default_price');
    if (price.product !== product.id)
      throw new StripeError(400, `The price '${price.id}' does not belong to this product.`, 'default_price');
  }
  product.updated = now();
  emit(ctx, 'product.updated', product, previous);
  return product;
}

function createCoupon(ctx: Ctx): StripeObject {
  const { input } = ctx;
  if ((input.percent_off === undefined) === (input.amount_off === undefined)) {
    throw new StripeError(
      400,
      'You must specify either percent_off or amount_off (but not both).',
      input.percent_off === undefined ? 'percent_off' : 'amount_off',
    );
  }
  if (input.amount_off !== undefined && !input.currency)
    throw new StripeError(400, 'You must specify a currency when using amount_off.', 'currency');
  const duration = (input.duration as string | undefined) ?? 'once';
  if (duration === 'repeating' && input.duration_in_months === undefined) {
    throw new StripeError(400, 'You must specify duration_in_months when duration is repeating.', 'duration_in_months');
  }
  const coupon = ctx.store.create(ctx.account, 'coupon', 'coupon', {
    id: (input.id as string | undefined) ?? newId('').slice(1, 9),
    amount_off: input.amount_off ?? null,
    currency: input.currency ?? null,
    duration,
    duration_in_months: input.duration_in_months ?? null,
    max_redemptions: input.max_redemptions ?? null,
    metadata: input.metadata ?? {},
    name: input.name ?? null,
    percent_off: input.percent_off ?? null,
    redeem_by: input.redeem_by ?? null,
    times_redeemed: 0,
    valid: true,
  });
  emit(ctx, 'coupon.created', coupon);
  return coupon;
}

function createTaxRate(ctx: Ctx): StripeObject {
  const rate = ctx.store.create(ctx.account, 'tax_rate', 'txr', {
    active: true,
    country: null,
    description: null,
    display_name: ctx.input.display_name,
    effective_percentage: ctx.input.percentage,
    inclusive: ctx.input.inclusive,
    jurisdiction: null,
    jurisdiction_level: null,
    metadata: {},
    percentage: ctx.input.percentage,
    rate_type: 'percentage',
    state: null,
    tax_type: null,
  });
  assign(rate, ctx.input, ['active', 'country', 'description', 'jurisdiction', 'metadata', 'state', 'tax_type']);
  emit(ctx, 'tax_rate.created', rate);
  return rate;
}

const product = (ctx: Ctx) => mustGet(ctx, 'product', ctx.params.id ?? '');
const price = (ctx: Ctx) => mustGet(ctx, 'price', ctx.params.price ?? '', 'price');
const taxRate = (ctx: Ctx) => mustGet(ctx, 'tax_rate', ctx.params.tax_rate ?? '', 'tax_rate');
const coupon = (ctx: Ctx) => mustGet(ctx, 'coupon', ctx.params.coupon ?? '', 'coupon');
const active = (ctx: Ctx, o: StripeObject) => ctx.input.active === undefined || o.active === ctx.input.active;

export const catalogHandlers: Record<string, Handler> = {
  'POST /v1/products': createProduct,
  'GET /v1/products': (ctx) => {
    const ids = ctx.input.ids as string[] | undefined;
    return list(
      ctx,
      ctx.store.all(
        ctx.account,
        'product',
        (p) => active(ctx, p) && (!ids || ids.includes(p.id)) && inRange(p.created as number, ctx.input.created),
      ),
    );
  },
  'GET /v1/products/{id}': product,
  'POST /v1/products/{id}': updateProduct,
  'DELETE /v1/products/{id}': (ctx) => {
    const found = product(ctx);
    if (ctx.store.all(ctx.account, 'price', (p) => p.product === found.id).length > 0) {
      throw new StripeError(
        400,
        'This product cannot be deleted because it has one or more user-created prices.',
        'id',
      );
    }
    ctx.store.remove(found.id);
    emit(ctx, 'product.deleted', found);
    return deleted('product', found.id);
  },
  'POST /v1/prices': (ctx) => {
    const input = ctx.input;
    let productId = input.product as string | undefined;
    if (input.product_data) {
      productId = createProduct({ ...ctx, input: input.product_data as Ctx['input'] }).id;
    }
    if (!productId) throw new StripeError(400, 'You must specify either product or product_data.', 'product');
    mustGet(ctx, 'product', productId, 'product');
    if (
      input.unit_amount === undefined &&
      input.unit_amount_decimal === undefined &&
      input.billing_scheme !== 'tiered' &&
      !input.custom_unit_amount
    ) {
      throw new StripeError(400, 'Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
    }
    return createPrice(ctx, input, productId);
  },
  'GET /v1/prices': (ctx) =>
    list(
      ctx,
      ctx.store.all(
        ctx.account,
        'price',
        (p) =>
          active(ctx, p) &&
          (!ctx.input.product || p.product === ctx.input.product) &&
          (!ctx.input.currency || p.currency === ctx.input.currency) &&
          (!ctx.input.type || p.type === ctx.input.type) &&
          inRange(p.created as number, ctx.input.created),
      ),
    ),
  'GET /v1/prices/{price}': price,
  'POST /v1/prices/{price}': (ctx) => {
    const found = price(ctx);
    const previous = assign(found, ctx.input, ['active', 'lookup_key', 'metadata', 'nickname', 'tax_behavior']);
    emit(ctx, 'price.updated', found, previous);
    return found;
  },
  'POST /v1/tax_rates': createTaxRate,
  'GET /v1/tax_rates': (ctx) =>
    list(
      ctx,
      ctx.store.all(
        ctx.account,
        'tax_rate',
        (t) => active(ctx, t) && (ctx.input.inclusive === undefined || t.inclusive === ctx.input.inclusive),
      ),
    ),
  'GET /v1/tax_rates/{tax_rate}': taxRate,
  'POST /v1/tax_rates/{tax_rate}': (ctx) => {
    const found = taxRate(ctx);
    const previous = assign(found, ctx.input, [
      'active',
      'country',
      'description',
      'display_name',
      'jurisdiction',
      'metadata',
      'state',
      'tax_type',
    ]);
    emit(ctx, 'tax_rate.updated', found, previous);
    return found;
  },
  'POST /v1/coupons': createCoupon,
  'GET /v1/coupons': (ctx) =>
    list(
      ctx,
      ctx.store.all(ctx.account, 'coupon', (c) => inRange(c.created as number, ctx.input.created)),
    ),
  'GET /v1/coupons/{coupon}': coupon,
  'POST /v1/coupons/{coupon}': (ctx) => {
    const found = coupon(ctx);
    const previous = assign(found, ctx.input, ['metadata', 'name']);
    emit(ctx, 'coupon.updated', found, previous);
    return found;
  },
  'DELETE /v1/coupons/{coupon}': (ctx) => {
    const found = coupon(ctx);
    ctx.store.remove(found.id);
    emit(ctx, 'coupon.deleted', found);
    return deleted('coupon', found.id);
  },
};
