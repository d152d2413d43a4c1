/** Stripe's form encoding decoded and coerced by the operation's schema; errors in Stripe's words. */
import { describe, expect, it } from 'vitest';
import { coerce, decodeForm, describeErrors } from './form';
import { StripeDocument } from './openapi';

const doc = new StripeDocument();

function parse(method: string, path: string, form: string) {
  const matched = doc.match(method, path);
  if (!matched) throw new Error(`no operation for ${method} ${path}`);
  const input = coerce(decodeForm(form), matched.operation.input);
  return { input, errors: doc.validateInput(matched.operation, input), matched };
}

describe('decodeForm and coerce', () => {
  it('turns indexed keys into arrays and numbers, keeps metadata keys as strings', () => {
    const { input, errors } = parse(
      'POST',
      '/v1/subscriptions',
      'customer=cus_1&items[0][price]=price_1&items[0][quantity]=2&items[1][price]=price_2&metadata[0]=zero&trial_end=1800000000&default_tax_rates[0]=txr_1&expand[0]=latest_invoice',
    );
    expect(errors).toEqual([]);
    expect(input).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_1', quantity: 2 }, { price: 'price_2' }],
      metadata: { '0': 'zero' },
      trial_end: 1_800_000_000,
      default_tax_rates: ['txr_1'],
      expand: ['latest_invoice'],
    });
  });

  it('keeps "now" for a field that takes a timestamp or "now", and "" to unset', () => {
    const { input, errors } = parse(
      'POST',
      '/v1/subscriptions/sub_1',
      'trial_end=now&default_tax_rates=&cancel_at_period_end=true',
    );
    expect(errors).toEqual([]);
    expect(input).toEqual({ trial_end: 'now', default_tax_rates: '', cancel_at_period_end: true });
  });

  it('reads deepObject query ranges and `expand[]`', () => {
    const { input, errors } = parse(
      'GET',
      '/v1/invoices',
      'created[gte]=10&created[lt]=20&status=open&expand[]=data.customer&limit=5',
    );
    expect(errors).toEqual([]);
    expect(input).toEqual({ created: { gte: 10, lt: 20 }, status: 'open', expand: ['data.customer'], limit: 5 });
  });

  it('matches a literal path before a parameter, with path parameters decoded', () => {
    expect(doc.match('GET', '/v1/invoices/upcoming')?.operation.template).toBe('/v1/invoices/upcoming');
    expect(doc.match('GET', '/v1/invoices/in_1')?.params).toEqual({ invoice: 'in_1' });
    expect(doc.match('PUT', '/v1/invoices/in_1')).toBeUndefined();
  });
});

describe('describeErrors', () => {
  it.each([
    ['POST', '/v1/customers', 'email=a&nope=1', { param: 'nope', message: 'Received unknown parameter: nope' }],
    [
      'POST',
      '/v1/customers',
      'address[planet]=Mars',
      { param: 'address[planet]', message: 'Received unknown parameter: address[planet]' },
    ],
    [
      'POST',
      '/v1/tax_rates',
      'display_name=VAT&inclusive=false',
      { param: 'percentage', message: 'Missing required param: percentage.' },
    ],
    [
      'POST',
      '/v1/tax_rates',
      'display_name=VAT&inclusive=maybe&percentage=20',
      { param: 'inclusive', message: 'Invalid boolean: maybe' },
    ],
    [
      'POST',
      '/v1/coupons',
      'duration=sometimes&percent_off=5',
      { param: 'duration', message: 'Invalid duration: must be one of forever, once or repeating' },
    ],
    [
      'POST',
      '/v1/subscriptions',
      'customer=cus_1&items[0][price]=p&items[0][quantity]=two',
      { param: 'items[0][quantity]', message: 'Invalid integer: two' },
    ],
  ])('%s %s %s', (method, path, form, expected) => {
    const { input, errors } = parse(method, path, form);
    expect(describeErrors(errors, input)).toMatchObject(expected);
  });
});
