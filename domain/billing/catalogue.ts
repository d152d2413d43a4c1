/**
 * @module The operator's billing catalogue (issue 17 part 5, spec sections 3, 5 and 9): what a product,
 * price, tax rate, coupon and one-time product must hold before it is stored and mirrored to Stripe, and
 * which change of a price Stripe allows in place. Pure: each check takes the input as the API received it
 * (fields possibly missing) and answers either the clean value or one issue per failed field, named by a
 * key of the `billingCatalogue.errors` texts (seven languages, i18n/areas/billing-catalogue.ts).
 *
 * Money is integer minor units (cents) beside a three-letter ISO currency, as everywhere.
 */

export const CATALOGUE_ERRORS = [
  'nameRequired',
  'nameTooLong',
  'countryRequired',
  'typeRequired',
  'typeFixed',
  'unitAmountRequired',
  'unitAmountInvalid',
  'currencyRequired',
  'currencyInvalid',
  'intervalInvalid',
  'intervalMismatch',
  'productRequired',
  'descriptionRequired',
  'percentageInvalid',
  'taxRateImmutable',
  'discountRequired',
  'discountBoth',
  'percentOffInvalid',
  'amountOffInvalid',
  'amountOffCurrency',
  'durationInvalid',
  'monthsInvalid',
  'monthsOnlyRepeating',
  'companyRequired',
  'quantityInvalid',
  'unitPriceInvalid',
  'subscriptionInvalid',
  'couponInvalid',
] as const;
export type CatalogueError = (typeof CATALOGUE_ERRORS)[number];

export interface CatalogueIssue {
  field: string;
  message: CatalogueError;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: CatalogueIssue[] };

export const PRODUCT_TYPES = ['one_time', 'recurring'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const INTERVALS = ['one_time', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];
export const DURATIONS = ['once', 'repeating', 'forever'] as const;
export type Duration = (typeof DURATIONS)[number];

/** Stripe's limit on a product's and a coupon's name. */
const NAME_MAX = { product: 250, coupon: 40 } as const;

function checked<T>(issues: CatalogueIssue[], value: () => T): Checked<T> {
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: value() };
}

const text = (v: string | null | undefined) => (v ?? '').trim();
const isCountry = (v: string) => /^[A-Z]{2}$/.test(v);
const isCurrency = (v: string) => /^[A-Za-z]{3}$/.test(v);
const isMinorUnits = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;

export interface ProductInput {
  name?: string | null;
  country?: string | null;
  type?: string | null;
}

/** Spec 5: product name, country (ISO 3166 alpha-2) and type (one-time or recurring) mandatory. */
export function checkProduct(input: ProductInput): Checked<{ name: string; country: string; type: ProductType }> {
  const issues: CatalogueIssue[] = [];
  const name = text(input.name);
  const country = text(input.country).toUpperCase();
  if (!name) issues.push({ field: 'name', message: 'nameRequired' });
  else if (name.length > NAME_MAX.product) issues.push({ field: 'name', message: 'nameTooLong' });
  if (!isCountry(country)) issues.push({ field: 'country', message: 'countryRequired' });
  const type = PRODUCT_TYPES.find((t) => t === input.type);
  if (!type) issues.push({ field: 'type', message: 'typeRequired' });
  return checked(issues, () => ({ name, country, type: type as ProductType }));
}

/**
 * A product's type decides its prices' intervals (`checkPrice`): once it has prices, its type stays, so no price is
 * left one-time on a recurring product or the other way round.
 */
export function productTypeChangeAllowed(current: ProductType, wanted: ProductType, priceCount: number): boolean {
  return current === wanted || priceCount === 0;
}

/**
 * The interval choices of the screens (spec 9: one time, recurring, yearly, monthly) → Stripe's interval.
 * "Recurring" alone means billed every month: a recurring price is monthly unless yearly is chosen.
 */
export const INTERVAL_CHOICES = ['one_time', 'recurring', 'monthly', 'yearly'] as const;
export type IntervalChoice = (typeof INTERVAL_CHOICES)[number];
export function intervalOfChoice(choice: IntervalChoice): Interval {
  if (choice === 'one_time') return 'one_time';
  return choice === 'yearly' ? 'year' : 'month';
}

export interface PriceInput {
  product_id?: number | null;
  unit_amount?: number | null;
  currency?: string | null;
  interval?: string | null;
}

/**
 * Spec 5: unit amount (integer minor units, zero or more) and currency mandatory. The interval must suit the
 * product: a one-time product takes a one-time price, a recurring product a monthly or yearly one (Stripe would
 * otherwise bill a recurring product once, or refuse a one-time price on a subscription).
 */
export function checkPrice(
  input: PriceInput,
  productType: ProductType | null,
): Checked<{ productId: number; unitAmount: number; currency: string; interval: Interval }> {
  const issues: CatalogueIssue[] = [];
  if (!input.product_id) issues.push({ field: 'product_id', message: 'productRequired' });
  if (input.unit_amount === undefined || input.unit_amount === null)
    issues.push({ field: 'unit_amount', message: 'unitAmountRequired' });
  else if (!isMinorUnits(input.unit_amount)) issues.push({ field: 'unit_amount', message: 'unitAmountInvalid' });
  const currency = text(input.currency);
  if (!currency) issues.push({ field: 'currency', message: 'currencyRequired' });
  else if (!isCurrency(currency)) issues.push({ field: 'currency', message: 'currencyInvalid' });
  const interval = INTERVALS.find((i) => i === input.interval);
  if (!interval) issues.push({ field: 'interval', message: 'intervalInvalid' });
  else if (productType && (productType === 'one_time') !== (interval === 'one_time'))
    issues.push({ field: 'interval', message: 'intervalMismatch' });
  return checked(issues, () => ({
    productId: input.product_id as number,
    unitAmount: input.unit_amount as number,
    currency: currency.toUpperCase(),
    interval: interval as Interval,
  }));
}

/**
 * What Stripe allows on an existing price: only `active` (and metadata) change in place. A change of amount,
 * currency or interval is a new price, the old one deactivated.
 */
export function priceChange(
  current: { unitAmount: number; currency: string; interval: Interval },
  wanted: { unitAmount: number; currency: string; interval: Interval },
): 'in_place' | 'replace' {
  const same =
    current.unitAmount === wanted.unitAmount &&
    current.currency.toUpperCase() === wanted.currency.toUpperCase() &&
    current.interval === wanted.interval;
  return same ? 'in_place' : 'replace';
}

export interface TaxRateInput {
  description?: string | null;
  percentage?: number | null;
  jurisdiction?: string | null;
  tax_type?: string | null;
  inclusive?: boolean | null;
}

/** A tax rate: description mandatory, percentage from 0 to 100 with at most four decimals. */
export function checkTaxRate(input: TaxRateInput): Checked<{
  description: string;
  percentage: number;
  jurisdiction: string | null;
  taxType: string | null;
  inclusive: boolean;
}> {
  const issues: CatalogueIssue[] = [];
  const description = text(input.description);
  if (!description) issues.push({ field: 'description', message: 'descriptionRequired' });
  const p = input.percentage;
  if (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > 100 || decimals(p) > 4)
    issues.push({ field: 'percentage', message: 'percentageInvalid' });
  return checked(issues, () => ({
    description,
    percentage: p as number,
    jurisdiction: text(input.jurisdiction) || null,
    taxType: text(input.tax_type) || null,
    inclusive: input.inclusive === true,
  }));
}

/** Stripe never changes a tax rate's percentage or inclusiveness: such an edit is refused (create another). */
export function taxRateEditAllowed(
  current: { percentage: number; inclusive: boolean },
  wanted: { percentage: number; inclusive: boolean },
): boolean {
  return current.percentage === wanted.percentage && current.inclusive === wanted.inclusive;
}

export interface CouponInput {
  name?: string | null;
  percent_off?: number | null;
  amount_off?: number | null;
  currency?: string | null;
  duration?: string | null;
  duration_in_months?: number | null;
}

export type CouponValue = {
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: Duration;
  durationInMonths: number | null;
};

/**
 * A coupon (spec 3, 9): exactly one of a percentage off in (0, 100] or an amount off above zero with its
 * currency; duration once, repeating or forever; months from 1 to 36, and only for a repeating coupon.
 */
export function checkCoupon(input: CouponInput): Checked<CouponValue> {
  const issues: CatalogueIssue[] = [];
  const name = text(input.name);
  if (name.length > NAME_MAX.coupon) issues.push({ field: 'name', message: 'nameTooLong' });
  const hasPercent = input.percent_off !== undefined && input.percent_off !== null;
  const hasAmount = input.amount_off !== undefined && input.amount_off !== null;
  const currency = text(input.currency);
  if (!hasPercent && !hasAmount) issues.push({ field: 'percent_off', message: 'discountRequired' });
  else if (hasPercent && hasAmount) issues.push({ field: 'amount_off', message: 'discountBoth' });
  else if (hasPercent) {
    const p = input.percent_off as number;
    if (!(p > 0 && p <= 100)) issues.push({ field: 'percent_off', message: 'percentOffInvalid' });
  } else {
    const a = input.amount_off as number;
    if (!isMinorUnits(a) || a === 0) issues.push({ field: 'amount_off', message: 'amountOffInvalid' });
    if (!isCurrency(currency)) issues.push({ field: 'currency', message: 'amountOffCurrency' });
  }
  const duration = DURATIONS.find((d) => d === input.duration);
  const months = input.duration_in_months;
  const hasMonths = months !== undefined && months !== null;
  if (!duration) issues.push({ field: 'duration', message: 'durationInvalid' });
  else if (duration === 'repeating') {
    if (!hasMonths || !Number.isInteger(months) || months < 1 || months > 36)
      issues.push({ field: 'duration_in_months', message: 'monthsInvalid' });
  } else if (hasMonths) issues.push({ field: 'duration_in_months', message: 'monthsOnlyRepeating' });
  return checked(issues, () => ({
    name: name || null,
    percentOff: hasPercent ? (input.percent_off as number) : null,
    amountOff: hasAmount ? (input.amount_off as number) : null,
    currency: hasAmount ? currency.toUpperCase() : null,
    duration: duration as Duration,
    durationInMonths: duration === 'repeating' ? (months as number) : null,
  }));
}

export interface OneTimeProductInput {
  company_id?: number | null;
  product_id?: number | null;
  quantity?: number | null;
  unit_amount?: number | null;
}

/** A one-time product (spec 3): company and product chosen, quantity 1 or more, unit price excl. VAT ≥ 0. */
export function checkOneTimeProduct(
  input: OneTimeProductInput,
): Checked<{ companyId: number; productId: number; quantity: number; unitAmount: number }> {
  const issues: CatalogueIssue[] = [];
  if (!input.company_id) issues.push({ field: 'company_id', message: 'companyRequired' });
  if (!input.product_id) issues.push({ field: 'product_id', message: 'productRequired' });
  const q = input.quantity;
  if (typeof q !== 'number' || !Number.isSafeInteger(q) || q < 1)
    issues.push({ field: 'quantity', message: 'quantityInvalid' });
  if (!isMinorUnits(input.unit_amount)) issues.push({ field: 'unit_amount', message: 'unitPriceInvalid' });
  return checked(issues, () => ({
    companyId: input.company_id as number,
    productId: input.product_id as number,
    quantity: q as number,
    unitAmount: input.unit_amount as number,
  }));
}
