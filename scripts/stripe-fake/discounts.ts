/** Tax rates and coupons as a request names them: checked, and coupons turned into discounts. */
import { type Ctx, mustGet, StripeError } from './context';
import { now, type StripeObject } from './store';

/** Tax rate ids (from the request) as the tax rate objects Stripe embeds. */
export function taxRates(ctx: Ctx, ids: unknown, param: string): StripeObject[] {
  if (!Array.isArray(ids)) return [];
  return ids.map((id, i) => mustGet(ctx, 'tax_rate', String(id), `${param}[${i}]`));
}

/** The coupon, if it can still be redeemed (checked before anything is created). */
export function usableCoupon(ctx: Ctx, couponId: string, param: string): StripeObject {
  const coupon = mustGet(ctx, 'coupon', couponId, param);
  if (!coupon.valid) throw new StripeError(400, `Coupon expired: ${coupon.id}`, param);
  return coupon;
}

/** A discount (`di_`) for a coupon, counted as one redemption. */
export function discountFor(ctx: Ctx, couponId: string, param: string, on: Record<string, unknown>): StripeObject {
  const coupon = usableCoupon(ctx, couponId, param);
  coupon.times_redeemed = (coupon.times_redeemed as number) + 1;
  if (coupon.max_redemptions !== null && (coupon.times_redeemed as number) >= (coupon.max_redemptions as number))
    coupon.valid = false;
  return ctx.store.create(ctx.account, 'discount', 'di', {
    coupon: structuredClone(coupon),
    start: now(),
    end: null,
    promotion_code: null,
    checkout_session: null,
    invoice: null,
    invoice_item: null,
    subscription: null,
    customer: null,
    ...on,
  });
}
