import { describe, expect, it } from 'vitest';
import {
  checkCoupon,
  checkOneTimeProduct,
  checkPrice,
  checkProduct,
  checkTaxRate,
  intervalOfChoice,
  priceChange,
  productTypeChangeAllowed,
  taxRateEditAllowed,
} from './catalogue';

const fields = (r: { ok: boolean; issues?: { field: string; message: string }[] }) =>
  r.ok ? [] : (r.issues ?? []).map((i) => `${i.field}:${i.message}`);

describe('checkProduct (spec 5: name, country and type mandatory)', () => {
  it('answers the clean product', () => {
    expect(checkProduct({ name: ' Charging card ', country: 'it', type: 'recurring' })).toEqual({
      ok: true,
      value: { name: 'Charging card', country: 'IT', type: 'recurring' },
    });
  });
  it('names every missing field', () => {
    expect(fields(checkProduct({}))).toEqual(['name:nameRequired', 'country:countryRequired', 'type:typeRequired']);
    expect(fields(checkProduct({ name: '  ', country: 'ITA', type: 'weekly' }))).toEqual([
      'name:nameRequired',
      'country:countryRequired',
      'type:typeRequired',
    ]);
  });
  it('refuses a name longer than Stripe keeps', () => {
    expect(fields(checkProduct({ name: 'x'.repeat(251), country: 'FR', type: 'one_time' }))).toEqual([
      'name:nameTooLong',
    ]);
  });
});

describe('productTypeChangeAllowed', () => {
  it('keeps the type of a product that has prices', () => {
    expect(productTypeChangeAllowed('recurring', 'recurring', 3)).toBe(true);
    expect(productTypeChangeAllowed('recurring', 'one_time', 0)).toBe(true);
    expect(productTypeChangeAllowed('recurring', 'one_time', 1)).toBe(false);
  });
});

describe('checkPrice (spec 5: unit amount and currency mandatory)', () => {
  const ok = { product_id: 3, unit_amount: 1250, currency: 'eur', interval: 'month' };
  it('answers the clean price, currency upper case', () => {
    expect(checkPrice(ok, 'recurring')).toEqual({
      ok: true,
      value: { productId: 3, unitAmount: 1250, currency: 'EUR', interval: 'month' },
    });
  });
  it('admits a free price (zero)', () => {
    expect(checkPrice({ ...ok, unit_amount: 0 }, 'recurring').ok).toBe(true);
  });
  it('refuses a missing, negative or fractional amount and a bad currency', () => {
    expect(fields(checkPrice({ interval: 'month' }, null))).toEqual([
      'product_id:productRequired',
      'unit_amount:unitAmountRequired',
      'currency:currencyRequired',
    ]);
    expect(fields(checkPrice({ ...ok, unit_amount: -1, currency: 'EURO' }, null))).toEqual([
      'unit_amount:unitAmountInvalid',
      'currency:currencyInvalid',
    ]);
    expect(fields(checkPrice({ ...ok, unit_amount: 12.5 }, null))).toEqual(['unit_amount:unitAmountInvalid']);
  });
  it('keeps one-time prices on one-time products and recurring ones on recurring products', () => {
    expect(fields(checkPrice({ ...ok, interval: 'one_time' }, 'recurring'))).toEqual(['interval:intervalMismatch']);
    expect(fields(checkPrice({ ...ok, interval: 'year' }, 'one_time'))).toEqual(['interval:intervalMismatch']);
    expect(checkPrice({ ...ok, interval: 'one_time' }, 'one_time').ok).toBe(true);
    expect(fields(checkPrice({ ...ok, interval: 'week' }, 'recurring'))).toEqual(['interval:intervalInvalid']);
  });
});

describe('intervalOfChoice (spec 9: one time, recurring, yearly, monthly)', () => {
  it('maps recurring to monthly unless yearly is chosen', () => {
    expect(intervalOfChoice('one_time')).toBe('one_time');
    expect(intervalOfChoice('recurring')).toBe('month');
    expect(intervalOfChoice('monthly')).toBe('month');
    expect(intervalOfChoice('yearly')).toBe('year');
  });
});

describe('priceChange (Stripe prices are immutable but for active)', () => {
  const p = { unitAmount: 100, currency: 'EUR', interval: 'month' as const };
  it('is in place when amount, currency and interval stay', () => {
    expect(priceChange(p, { ...p, currency: 'eur' })).toBe('in_place');
  });
  it('is a new price when any of them changes', () => {
    expect(priceChange(p, { ...p, unitAmount: 101 })).toBe('replace');
    expect(priceChange(p, { ...p, currency: 'GBP' })).toBe('replace');
    expect(priceChange(p, { ...p, interval: 'year' })).toBe('replace');
  });
});

describe('checkTaxRate', () => {
  it('answers the clean rate', () => {
    expect(checkTaxRate({ description: 'IVA', percentage: 22, jurisdiction: ' IT ', inclusive: false })).toEqual({
      ok: true,
      value: { description: 'IVA', percentage: 22, jurisdiction: 'IT', taxType: null, inclusive: false },
    });
  });
  it('takes 0 to 100 with four decimals at most', () => {
    expect(checkTaxRate({ description: 'x', percentage: 0 }).ok).toBe(true);
    expect(checkTaxRate({ description: 'x', percentage: 100 }).ok).toBe(true);
    expect(checkTaxRate({ description: 'x', percentage: 7.6543 }).ok).toBe(true);
    for (const percentage of [-0.1, 100.01, 7.65432, Number.NaN])
      expect(fields(checkTaxRate({ description: 'x', percentage }))).toEqual(['percentage:percentageInvalid']);
    expect(fields(checkTaxRate({}))).toEqual(['description:descriptionRequired', 'percentage:percentageInvalid']);
  });
  it('allows no edit of percentage or inclusiveness', () => {
    expect(taxRateEditAllowed({ percentage: 22, inclusive: false }, { percentage: 22, inclusive: false })).toBe(true);
    expect(taxRateEditAllowed({ percentage: 22, inclusive: false }, { percentage: 21, inclusive: false })).toBe(false);
    expect(taxRateEditAllowed({ percentage: 22, inclusive: false }, { percentage: 22, inclusive: true })).toBe(false);
  });
});

describe('checkCoupon (spec 9: once, repeating with months, forever)', () => {
  it('answers a percentage coupon and an amount coupon', () => {
    expect(checkCoupon({ name: 'Welcome', percent_off: 25, duration: 'once' })).toEqual({
      ok: true,
      value: {
        name: 'Welcome',
        percentOff: 25,
        amountOff: null,
        currency: null,
        duration: 'once',
        durationInMonths: null,
      },
    });
    expect(checkCoupon({ amount_off: 500, currency: 'gbp', duration: 'repeating', duration_in_months: 3 })).toEqual({
      ok: true,
      value: {
        name: null,
        percentOff: null,
        amountOff: 500,
        currency: 'GBP',
        duration: 'repeating',
        durationInMonths: 3,
      },
    });
  });
  it('wants exactly one discount', () => {
    expect(fields(checkCoupon({ duration: 'forever' }))).toEqual(['percent_off:discountRequired']);
    expect(fields(checkCoupon({ percent_off: 10, amount_off: 100, currency: 'EUR', duration: 'forever' }))).toEqual([
      'amount_off:discountBoth',
    ]);
  });
  it('bounds the percentage to (0, 100] and the amount above zero with a currency', () => {
    for (const percent_off of [0, 100.5, -3])
      expect(fields(checkCoupon({ percent_off, duration: 'once' }))).toEqual(['percent_off:percentOffInvalid']);
    expect(checkCoupon({ percent_off: 100, duration: 'once' }).ok).toBe(true);
    expect(fields(checkCoupon({ amount_off: 0, duration: 'once' }))).toEqual([
      'amount_off:amountOffInvalid',
      'currency:amountOffCurrency',
    ]);
  });
  it('takes months 1 to 36, only for a repeating coupon', () => {
    const c = { percent_off: 10, duration: 'repeating' };
    expect(fields(checkCoupon(c))).toEqual(['duration_in_months:monthsInvalid']);
    expect(fields(checkCoupon({ ...c, duration_in_months: 37 }))).toEqual(['duration_in_months:monthsInvalid']);
    expect(fields(checkCoupon({ ...c, duration_in_months: 0 }))).toEqual(['duration_in_months:monthsInvalid']);
    expect(checkCoupon({ ...c, duration_in_months: 36 }).ok).toBe(true);
    expect(fields(checkCoupon({ ...c, duration: 'forever', duration_in_months: 3 }))).toEqual([
      'duration_in_months:monthsOnlyRepeating',
    ]);
    expect(fields(checkCoupon({ percent_off: 10, duration: 'weekly' }))).toEqual(['duration:durationInvalid']);
  });
});

describe('checkOneTimeProduct', () => {
  it('answers the clean line', () => {
    expect(checkOneTimeProduct({ company_id: 4, product_id: 2, quantity: 3, unit_amount: 0 })).toEqual({
      ok: true,
      value: { companyId: 4, productId: 2, quantity: 3, unitAmount: 0 },
    });
  });
  it('wants company, product, a quantity of one or more and a unit price of zero or more', () => {
    expect(fields(checkOneTimeProduct({ quantity: 0, unit_amount: -5 }))).toEqual([
      'company_id:companyRequired',
      'product_id:productRequired',
      'quantity:quantityInvalid',
      'unit_amount:unitPriceInvalid',
    ]);
    expect(fields(checkOneTimeProduct({ company_id: 1, product_id: 1, quantity: 1.5, unit_amount: 1 }))).toEqual([
      'quantity:quantityInvalid',
    ]);
  });
});
