/** @module The one-time product pages' server side: the API body from the posted form and the wizard's choices. */
import { minorUnitsOf } from '@domain/billing/typed-amount';
import type { Api } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import type { Me } from '../../lib/session.server';

/** The API body from the posted form, or the fields the form refuses itself (a typed price it cannot read). */
export function oneTimeBody(form: FormData, currency: string) {
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const id = (key: string) => (Number(text(key)) > 0 ? Number(text(key)) : null);
  const typed = text('unit_price');
  const unit = typed === '' ? null : minorUnitsOf(typed, currency);
  if (typed !== '' && unit === null) return { refused: { unit_amount: 'billingCatalogue.amountTyped' } } as const;
  const quantity = text('quantity');
  return {
    body: {
      company_id: id('company_id'),
      subscription_id: id('subscription_id'),
      product_id: id('product_id'),
      quantity: quantity === '' ? null : Number(quantity),
      unit_amount: unit,
      coupon_id: id('coupon_id'),
    },
  } as const;
}

/** The operator's one-time products and coupons, and with a company its subscriptions and currency. */
export async function oneTimeChoices(api: Api, me: Me, companyId: number | null) {
  return must(
    await api.send(
      api.client.api.stripe['one-time-products'].options.$get({
        query: companyId ? { company_id: String(companyId) } : {},
      }),
    ),
    me,
  );
}
