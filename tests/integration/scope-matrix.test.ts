/**
 * One scope rule (ADR 005, issue 16): every operation that takes an id, called by a user who holds
 * every role in a company with every service on, with the id of a resource of another company,
 * answers exactly as with an id that exists nowhere: same status, same code, same message (the id in
 * the message aside). The ids come from the demo seed's companies; the caller's company is fresh and
 * outside their tree. A new route is covered the moment it is published: a path parameter this file
 * does not know fails the first test until it is classified below.
 *
 * Bodies are drawn from the published request schema (required fields with their first allowed
 * value), so a call passes validation where it can and reaches the scope check.
 */
import { env, SELF } from 'cloudflare:test';
import { seedDemo } from '@db/seed/demo';
import { ROLE, ROLE_IDS } from '@domain/permissions/roles';
import { SERVICE_SETTING_IDS } from '@domain/permissions/service-settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, db, login, type Session, world } from './helpers';

const first = (query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<Record<string, unknown>>();

const NOWHERE = '999999999';
const NOWHERE_UID = 'NO-SUCH-UID-0';

/** Path parameters that name no company-owned resource, with a value that passes validation. */
const NOT_IDS: Record<string, string> = {
  year: '2026',
  month: '1',
  day: '1',
  kind: 'status',
  type: 'cpo',
  target: 'sessions',
  step: 'details',
  action: 'reset',
  filename: 'file.txt',
  serial: '01',
  firmware: 'fw.bin',
  job: '1',
  index: '0',
  autorenewNextTime: 'true',
  peering_id: '1',
  cpo_id: 'FR*C01',
  emsp_id: 'FR*GIR',
  uuid: 'ABCDEF01',
  file: 'logo.png',
};

/** Operations whose path parameters are not company-owned resources (reference data, tokens). */
const NOT_SCOPED = [
  /^\/api\/vehicles\/brands\/\{brandId\}$/, // the vehicle catalogue is shared reference data
  /^\/api\/keyfob\/create\/uuid\/\{uuid\}$/, // creates a card in the caller's company
  /^\/api\/sessions\/filter-options\/\{kind\}$/,
  /^\/api\/kpi\//,
  /^\/api\/tariff\/list\/\{type\}$/,
  /^\/api\/tariff\/mps\/list\/\{type\}$/,
  /^\/api\/app-customizations\/\{id\}$/, // the app customisations are one list for the platform (super users)
  // The built-in dashboards are the same for every company; the data is scoped by companyId (ADR 055,
  // tests/integration/dashboard.test.ts), and a Metabase dashboard number is Metabase's, locked to the caller's subtree.
  /^\/api\/dashboard\/\{dashboardId\}\/charts\/\{chartId\}$/,
  /^\/api\/metabase\/dashboard\/\{id\}$/,
  // A country, not a resource: the partners listed are the caller's scope's (tests/integration/ocpi-emsp-locations.test.ts).
  /^\/api\/roaming-details\/\{country\}$/,
];

const STATION_UID = 'SELECT uid FROM stations WHERE company_id = ?1 ORDER BY id LIMIT 1';
const CONNECTOR_UID =
  'SELECT c.uid FROM connectors c JOIN stations s ON s.id = c.station_id WHERE s.company_id = ?1 ORDER BY c.id LIMIT 1';
const CONNECTOR_ID =
  'SELECT c.id FROM connectors c JOIN stations s ON s.id = c.station_id WHERE s.company_id = ?1 ORDER BY c.id LIMIT 1';
const SESSION_ID =
  'SELECT cs.id FROM charging_sessions cs JOIN connectors c ON c.id = cs.connector_id JOIN stations s ON s.id = c.station_id WHERE s.company_id = ?1 ORDER BY cs.id LIMIT 1';
/** A company-owned resource per path parameter (first matching rule), read from another company's rows. */
type Rule = [path: RegExp, param: string, query: string];
const RESOURCE_RULES: Rule[] = [
  [/./, 'userId', 'SELECT id FROM users WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  // A private user's own pages (issue 21 part 7): another company's session, invoice, home station, connector.
  [/^\/api\/my-sessions\//, 'sessionId', SESSION_ID],
  [
    /^\/api\/my-invoices\//,
    'poiId',
    'SELECT id FROM billing_invoices WHERE owner_company_id = ?1 OR company_id = ?1 ORDER BY id LIMIT 1',
  ],
  [/^\/api\/my-stations\//, 'id', 'SELECT id FROM home_stations WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/my-connector\//, 'connectorId', CONNECTOR_ID],
  [/^\/api\/settings\/company\//, 'companyId', 'SELECT ?1'],
  [/^\/api\/company\/\{companyId\}/, 'companyId', 'SELECT ?1'],
  [/^\/api\/company-logos\//, 'companyId', 'SELECT ?1'],
  [/^\/api\/fleet-reimbursement\/settings\//, 'companyId', 'SELECT ?1'],
  [
    /^\/api\/users\/\{userId\}\/stations\//,
    'stationId',
    'SELECT id FROM home_stations WHERE company_id = ?1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
  ],
  [/^\/api\/tariff\/list\//, 'scopeId', 'SELECT ?1'],
  [/^\/api\/connectors\/\{uid\}/, 'uid', CONNECTOR_UID],
  [/^\/api\/(maintenance\/status|station-log)\//, 'stationUid', STATION_UID],
  [/^\/api\/(maintenance\/status|station-log)\//, 'connectorUid', CONNECTOR_UID],
  [/^\/api\/location\//, 'uid', 'SELECT uid FROM locations WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/stations\/\{uid\}/, 'uid', STATION_UID],
  [/^\/api\/stations\/\{id\}/, 'id', 'SELECT id FROM stations WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/stations\/\{uid\}\/scheduled-availability\//, 'id', 'SELECT 1 WHERE ?1 IS NOT NULL'],
  [/^\/api\/connectors\/\{id\}/, 'id', CONNECTOR_ID],
  [
    /^\/api\/maintenance\/ticket\//,
    'id',
    'SELECT id FROM maintenance_tickets WHERE company_id = ?1 ORDER BY id LIMIT 1',
  ],
  [/^\/api\/maintenance\/\{connectorId\}/, 'connectorId', CONNECTOR_ID],
  [/^\/api\/maintenance\/\{id\}/, 'id', CONNECTOR_ID],
  [/^\/api\/(groups|tags)\//, 'id', 'SELECT id FROM connector_groups WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/customer-type\//, 'id', 'SELECT id FROM customer_groups WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/company-groups\//, 'id', 'SELECT id FROM company_groups WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/company-groups\//, 'stationId', 'SELECT id FROM stations WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/keyfob\//, 'id', 'SELECT id FROM rfids WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/sessions\//, 'id', SESSION_ID],
  [/^\/api\/tariff\/sessions\//, 'sessionId', SESSION_ID],
  [/^\/api\/tariff\/mps\//, 'tariffId', 'SELECT id FROM mps_tariffs WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/tariff\/id\//, 'tariffId', 'SELECT id FROM tariffs WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/users\/group\//, 'groupId', 'SELECT id FROM corporate_groups WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/./, 'userVehicleId', 'SELECT id FROM user_vehicles WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [
    /./,
    'webhookId',
    'SELECT w.id FROM vehicle_webhooks w JOIN user_vehicles v ON v.id = w.vehicle_id WHERE v.company_id = ?1 LIMIT 1',
  ],
  [/./, 'contractId', 'SELECT id FROM subscription_contracts WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  // The billing catalogue is the operator's own (owner_company_id).
  [/^\/api\/stripe\/products\//, 'productId', 'SELECT id FROM billing_products WHERE owner_company_id = ?1 LIMIT 1'],
  [/^\/api\/stripe\/prices\//, 'priceId', 'SELECT id FROM billing_prices WHERE owner_company_id = ?1 LIMIT 1'],
  [
    /^\/api\/stripe\/account\/tax-rate\//,
    'taxRateId',
    'SELECT id FROM billing_tax_rates WHERE owner_company_id = ?1 LIMIT 1',
  ],
  [/^\/api\/stripe\/coupons\//, 'couponId', 'SELECT id FROM billing_coupons WHERE owner_company_id = ?1 LIMIT 1'],
  [
    /^\/api\/stripe\/one-time-products\//,
    'pendingOneTimeId',
    'SELECT id FROM billing_one_time_products WHERE owner_company_id = ?1 LIMIT 1',
  ],
  [
    /^\/api\/company\/evfleet\/invoices\//,
    'reportId',
    "SELECT id FROM billing_invoices WHERE company_id = ?1 AND kind = 'usage' ORDER BY id LIMIT 1",
  ],
  // Subscriptions and invoices: the operator's that bills them (owner_company_id) or the billed company's.
  [
    /^\/api\/stripe\/customer\/subscription\//,
    'subscriptionId',
    'SELECT id FROM billing_subscriptions WHERE owner_company_id = ?1 OR company_id = ?1 ORDER BY id LIMIT 1',
  ],
  [
    /^\/api\/stripe\/invoices\//,
    'invoiceId',
    'SELECT id FROM billing_invoices WHERE owner_company_id = ?1 OR company_id = ?1 ORDER BY id LIMIT 1',
  ],
  // API keys (ADR 047): a key of the demo's root company (inserted below).
  [/^\/api\/api-keys\//, 'id', 'SELECT id FROM api_keys WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  // News (issue 20 part 8): an item of the demo's root company (inserted below).
  [/^\/api\/news\//, 'id', 'SELECT id FROM news WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  // OCPI peerings (issue 22, ADR 057): one of the demo's root company (inserted below).
  [/^\/api\/peerings\//, 'id', 'SELECT id FROM ocpi_peerings WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  // A roaming token cached through that peering (inserted below).
  [
    /^\/api\/tokens\//,
    'uuid',
    'SELECT t.uid FROM ocpi_tokens t JOIN ocpi_peerings p ON p.id = t.peering_id WHERE p.company_id = ?1 ORDER BY t.id LIMIT 1',
  ],
  // Uptime (issue 21 part 5): a connector and an excluded period of the demo's stations (inserted below).
  [/^\/api\/uptime\/connectors\//, 'connectorId', CONNECTOR_ID],
  [/^\/api\/uptime\/exclusions\//, 'id', 'SELECT id FROM uptime_exclusions WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  // Revenue reports (issue 21 part 6, ADR 056): one of the demo's root company (inserted below).
  [/^\/api\/revenue-reports\//, 'id', 'SELECT id FROM revenue_reports WHERE company_id = ?1 ORDER BY id LIMIT 1'],
  [/^\/api\/cpo-invoices\//, 'id', 'SELECT id FROM cpo_invoices WHERE operator_company_id = ?1 ORDER BY id LIMIT 1'],
  // Prepaid wallets (issue 18): a live wallet of another company (the demo seeds Fleetwise's).
  [
    /^\/api\/wallet\/\{walletId\}\/top-ups\//,
    'topUpId',
    'SELECT t.id FROM wallet_top_ups t JOIN wallets w ON w.id = t.wallet_id WHERE w.company_id = ?1 ORDER BY t.id LIMIT 1',
  ],
  [
    /^\/api\/wallet\//,
    'walletId',
    'SELECT id FROM wallets WHERE company_id = ?1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
  ],
  [
    /^\/api\/stripe\/webhooks\//,
    'eventId',
    'SELECT e.id FROM stripe_events e JOIN billing_accounts a ON a.stripe_account_id = e.account WHERE a.company_id = ?1 LIMIT 1',
  ],
  // Reimbursement documents (issue 19): a meter reading of an employee of the demo's fleet company.
  [
    /^\/api\/(documents|energy-reading)\//,
    'documentId',
    'SELECT id FROM reimbursement_documents WHERE company_id = ?1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
  ],
  // Home-reimbursement tariffs (issue 19): a pending one of an employee of the demo's fleet company.
  [
    /^\/api\/fleet-reimbursement\/tariffs\//,
    'tariffId',
    'SELECT id FROM reimbursement_tariffs WHERE company_id = ?1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
  ],
  // Home reimbursements (issue 19): one month of an employee of the demo's fleet company (inserted below).
  [
    /^\/api\/reimbursement\//,
    'reimbursementId',
    'SELECT id FROM reimbursements WHERE company_id = ?1 ORDER BY id LIMIT 1',
  ],
  // Payouts, payment methods and setup intents of a billed company (billing accounts).
  [/^\/api\/stripe\/payout\//, 'payoutId', 'SELECT id FROM billing_payouts WHERE company_id = ?1 LIMIT 1'],
  [
    /^\/api\/stripe\/customer\/payment-method\//,
    'paymentMethodId',
    'SELECT m.stripe_payment_method_id FROM billing_payment_methods m JOIN billing_customers c ON c.id = m.customer_id WHERE c.company_id = ?1 LIMIT 1',
  ],
  [
    /^\/api\/stripe\/customer\/setup-intent\//,
    'setupIntentId',
    'SELECT i.stripe_setup_intent_id FROM billing_setup_intents i JOIN billing_customers c ON c.id = i.customer_id WHERE c.company_id = ?1 LIMIT 1',
  ],
];

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  format?: string;
  default?: unknown;
};
type Operation = { 'x-access'?: string; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type OpenApiDoc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

let doc: OpenApiDoc;
let caller: Session;
/** Every company of the demo tree: the "other company" whose rows the caller must not reach. */
let otherCompanies: number[];

/** A value that passes the schema: required fields only, first enum value, smallest allowed number. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (schema.$ref) return sample(doc.components.schemas[schema.$ref.split('/').at(-1) ?? ''], depth + 1);
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return sample(union.find((s) => s.type !== 'null') ?? union[0], depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'email') return 'someone@example.test';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return undefined;
  }
}

const params = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);

async function otherValue(path: string, param: string): Promise<string | undefined> {
  const rule = RESOURCE_RULES.find(([re, p]) => p === param && re.test(path));
  if (!rule) return undefined;
  for (const company of otherCompanies) {
    const row = await first(rule[2], company);
    const value = row ? Object.values(row)[0] : undefined;
    if (value !== undefined && value !== null) return String(value);
  }
  throw new Error(`no row of another company for {${param}} in ${path}: the demo seed should have one`);
}

interface Answer {
  status: number;
  code?: string;
  message?: string;
}

async function answer(method: string, path: string, op: Operation, ids: Record<string, string>): Promise<Answer> {
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name] ?? NOT_IDS[name] ?? NOWHERE);
  const headers: Record<string, string> = { cookie: `sid=${caller.cookie}`, 'cf-connecting-ip': caller.ip };
  let body: string | undefined;
  const schema = op.requestBody?.content?.['application/json']?.schema;
  if (op.requestBody) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(sample(schema) ?? {});
  }
  const res = await SELF.fetch(`${BASE}${url}`, { method: method.toUpperCase(), headers, body });
  const json = (await res.json().catch(() => ({}))) as { code?: string; 'error-msg'?: string };
  let message = json['error-msg'];
  for (const value of Object.values(ids).sort((a, b) => b.length - a.length))
    message = message?.replaceAll(value, '<id>');
  message = message?.replaceAll(NOWHERE, '<id>').replaceAll(NOWHERE_UID, '<id>');
  return { status: res.status, code: json.code, message };
}

const isScoped = (path: string, op: Operation) =>
  path.includes('{') && op['x-access'] !== 'public' && !NOT_SCOPED.some((re) => re.test(path));

beforeAll(async () => {
  const demo = "SELECT id FROM companies WHERE name = 'Voltaria Networks'";
  if (!(await first(demo))) await seedDemo(db, { iterations: 1000 });
  const root = (await first(demo)) as { id: number };
  const tree = await env.DB.prepare(
    'WITH RECURSIVE t(id) AS (SELECT ?1 UNION SELECT c.id FROM companies c JOIN t ON c.parent_company_id = t.id) SELECT id FROM t',
  )
    .bind(root.id)
    .all();
  otherCompanies = (tree.results as { id: number }[]).map((r) => r.id);
  // The demo seed registers no vehicle webhook and no market-place tariff: give it one of each.
  await env.DB.prepare(
    `INSERT INTO mps_tariffs (company_id, type, country_code, tariff_id)
     SELECT company_id, type, 'FR', id FROM tariffs
     WHERE company_id IN (SELECT value FROM json_each(?1)) ORDER BY id LIMIT 1`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  await env.DB.prepare(
    `INSERT INTO vehicle_webhooks (vehicle_id, token, secret_hash, secret_sealed)
     SELECT id, 'scope-matrix-' || id, 'hash', 'sealed' FROM user_vehicles
     WHERE company_id IN (SELECT value FROM json_each(?1)) ORDER BY id LIMIT 1 ON CONFLICT DO NOTHING`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  // Nor an operator invoice board row: one for the demo's first operator.
  await env.DB.prepare(
    `INSERT INTO cpo_invoices (operator_company_id, month, name, currency, invoice_date, computed_at)
     SELECT id, '2026-01', 'CPO-2026-01-scope', currency, '2026-02-01', 0 FROM companies
     WHERE id IN (SELECT value FROM json_each(?1)) AND cpms IS NOT NULL ORDER BY id LIMIT 1 ON CONFLICT DO NOTHING`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  // Nor an API key (ADR 047): one of the demo's root company, made by its first user.
  await env.DB.prepare(
    `INSERT INTO api_keys (company_id, name, scope, roles_json, secret_hash, display_prefix, created_by)
     SELECT company_id, 'scope-matrix', 'read', '[37]', 'scope-matrix-' || id, 'evk_scope', id FROM users
     WHERE company_id = ?1 ORDER BY id LIMIT 1 ON CONFLICT DO NOTHING`,
  )
    .bind(root.id)
    .run();
  // Nor a news item (issue 20 part 8): one for everyone of the demo's root company, by its first user.
  await env.DB.prepare(
    `INSERT INTO news (company_id, title, body, audience, published_at, created_by)
     SELECT company_id, 'scope-matrix', 'text', 'all', 0, id FROM users WHERE company_id = ?1 ORDER BY id LIMIT 1`,
  )
    .bind(root.id)
    .run();
  // Nor an OCPI peering (issue 22): a registered one of the demo's root company.
  await env.DB.prepare(
    `INSERT INTO ocpi_peerings (company_id, name, direction, our_base_url, state)
     VALUES (?1, 'scope-matrix', 'inbound', 'http://localhost/ocpi', 'registered')`,
  )
    .bind(root.id)
    .run();
  // And a partner's token cached through it (GET tokens/{uuid}).
  await env.DB.prepare(
    `INSERT INTO ocpi_tokens (peering_id, country_code, party_id, uid, type, contract_id, issuer, valid, whitelist, last_updated)
     SELECT id, 'FR', 'GIR', 'SCOPEMATRIX1', 'RFID', 'FR-GIR-SCOPEMATRIX1', 'Hub', 1, 'ALWAYS', 0
     FROM ocpi_peerings WHERE company_id = ?1 ORDER BY id LIMIT 1`,
  )
    .bind(root.id)
    .run();
  // Nor a revenue report (the job writes them): one of the demo's root company.
  await env.DB.prepare(
    `INSERT INTO revenue_reports (company_id, period_kind, period, r2_key, status, generated_at)
     VALUES (?1, 'month', '2020-01', 'revenue-reports/scope-matrix.pdf', 'ready', 0) ON CONFLICT DO NOTHING`,
  )
    .bind(root.id)
    .run();
  // Nor an excluded period (uptime): one on the demo root company's first station.
  await env.DB.prepare(
    `INSERT INTO uptime_exclusions (company_id, station_id, reason, starts_at, ends_at)
     SELECT company_id, id, 'grid_outage', 0, 3600000 FROM stations WHERE company_id = ?1 ORDER BY id LIMIT 1`,
  )
    .bind(root.id)
    .run();
  // Nor a home reimbursement (the monthly job writes them): one month of a user of the demo's first fleet company.
  await env.DB.prepare(
    `INSERT INTO reimbursements (company_id, user_id, period, currency, computed_at)
     SELECT u.company_id, u.id, '2026-01', 'EUR', 0 FROM users u JOIN companies c ON c.id = u.company_id
     WHERE c.id IN (SELECT value FROM json_each(?1)) AND c.is_evfleet = 1 ORDER BY u.id LIMIT 1 ON CONFLICT DO NOTHING`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  // Nor a fleet company's usage invoice (issue 17): one for the demo's first fleet company.
  await env.DB.prepare(
    `INSERT INTO billing_customers (company_id, owner_company_id, name)
     SELECT id, id, name FROM companies WHERE id IN (SELECT value FROM json_each(?1)) AND is_evfleet = 1
     ORDER BY id LIMIT 1 ON CONFLICT DO NOTHING`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  await env.DB.prepare(
    `INSERT INTO billing_invoices (owner_company_id, company_id, customer_id, kind, period, currency)
     SELECT owner_company_id, company_id, id, 'usage', '2026-01', 'EUR' FROM billing_customers
     WHERE company_id IN (SELECT value FROM json_each(?1)) ORDER BY id LIMIT 1 ON CONFLICT DO NOTHING`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  // The demo seed has no billing catalogue: give its root operator one row of each kind.
  await env.DB.batch(
    [
      "INSERT INTO billing_products (owner_company_id, name, country, type) VALUES (?1, 'scope-matrix', 'IT', 'one_time')",
      "INSERT INTO billing_prices (owner_company_id, product_id, unit_amount, currency, interval) SELECT ?1, max(id), 100, 'EUR', 'one_time' FROM billing_products WHERE owner_company_id = ?1",
      "INSERT INTO billing_tax_rates (owner_company_id, description, percentage) VALUES (?1, 'scope-matrix', 22)",
      "INSERT INTO billing_coupons (owner_company_id, name, percent_off, duration) VALUES (?1, 'scope-matrix', 10, 'once')",
      "INSERT INTO billing_one_time_products (owner_company_id, company_id, product_id, quantity, unit_amount, currency) SELECT ?1, ?1, max(id), 1, 100, 'EUR' FROM billing_products WHERE owner_company_id = ?1",
    ].map((q) => env.DB.prepare(q).bind(root.id)),
  );
  // Nor a connected account with a Stripe event (the webhook log's).
  await env.DB.batch(
    [
      "INSERT INTO billing_accounts (company_id, stripe_account_id) VALUES (?1, 'acct_scope_matrix') ON CONFLICT DO NOTHING",
      "INSERT INTO stripe_events (id, type, account, created, payload_json) SELECT 'evt_scope_matrix', 'account.updated', stripe_account_id, 0, '{}' FROM billing_accounts WHERE company_id = ?1 ON CONFLICT DO NOTHING",
    ].map((q) => env.DB.prepare(q).bind(root.id)),
  );
  // Nor a billing customer with a payment method and a setup intent, nor a payout.
  await env.DB.batch(
    [
      "INSERT INTO billing_customers (company_id, owner_company_id, stripe_customer_id, name) VALUES (?1, ?1, 'cus_scope_matrix', 'scope-matrix') ON CONFLICT DO NOTHING",
      "INSERT INTO billing_payment_methods (stripe_payment_method_id, customer_id, type, last4) SELECT 'pm_scope_matrix', id, 'card', '4242' FROM billing_customers WHERE company_id = ?1 ON CONFLICT DO NOTHING",
      "INSERT INTO billing_setup_intents (stripe_setup_intent_id, customer_id) SELECT 'seti_scope_matrix', id FROM billing_customers WHERE company_id = ?1 ON CONFLICT DO NOTHING",
      "INSERT INTO billing_payouts (company_id, user_id, amount, currency) SELECT ?1, min(id), 100, 'EUR' FROM users WHERE company_id = ?1",
    ].map((q) => env.DB.prepare(q).bind(root.id)),
  );
  // Nor a reimbursement document (issue 19): a meter reading of the demo's first fleet company's first user.
  await env.DB.prepare(
    `INSERT INTO reimbursement_documents (company_id, user_id, type, file_name, content_type, size, r2_key, period, meter_wh)
     SELECT u.company_id, u.id, 'meter_reading', 'scope-matrix.png', 'image/png', 1, 'scope-matrix/' || u.id, '2026-01', 1
     FROM users u JOIN companies c ON c.id = u.company_id
     WHERE c.id IN (SELECT value FROM json_each(?1)) AND c.is_evfleet = 1 ORDER BY u.id LIMIT 1 ON CONFLICT DO NOTHING`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  // Nor a home-reimbursement tariff (issue 19): a pending one of the demo's first fleet company's first user.
  await env.DB.prepare(
    `INSERT INTO reimbursement_tariffs (company_id, user_id, price_per_kwh, currency, valid_from)
     SELECT u.company_id, u.id, 25000, 'EUR', '2026-01-01'
     FROM users u JOIN companies c ON c.id = u.company_id
     WHERE c.id IN (SELECT value FROM json_each(?1)) AND c.is_evfleet = 1 ORDER BY u.id LIMIT 1 ON CONFLICT DO NOTHING`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  // Nor an employee's home station (issue 19): an offline one of the demo's first fleet company's first user.
  await env.DB.prepare(
    `INSERT INTO home_stations (company_id, user_id, name, is_offline)
     SELECT u.company_id, u.id, 'scope-matrix', 1
     FROM users u JOIN companies c ON c.id = u.company_id
     WHERE c.id IN (SELECT value FROM json_each(?1)) AND c.is_evfleet = 1 ORDER BY u.id LIMIT 1`,
  )
    .bind(JSON.stringify(otherCompanies))
    .run();
  // Nor a subscription (issue 17 §6): one of a billed company of the demo, on the root operator's price.
  await env.DB.prepare(
    `INSERT INTO billing_subscriptions (owner_company_id, company_id, customer_id, price_id, name)
     SELECT c.owner_company_id, c.company_id, c.id, p.id, 'scope-matrix'
     FROM billing_customers c, billing_prices p
     WHERE c.company_id IN (SELECT value FROM json_each(?1)) AND p.owner_company_id = ?2
     ORDER BY c.id, p.id LIMIT 1`,
  )
    .bind(JSON.stringify(otherCompanies), root.id)
    .run();
  const w = await world({
    // Every role but maintenance-only, which would reduce the others to itself.
    roles: ROLE_IDS.filter((r) => r !== ROLE.MAINTENANCE_ONLY),
    company: {
      cpms: 'public',
      isSubcpo: true,
      isEvfleet: true,
      isLifestyle: true,
      empServices: true,
      services: [...SERVICE_SETTING_IDS],
    },
  });
  caller = await login(w.email, w.password, w.ip);
  doc = (await (await SELF.fetch(`${BASE}/api/openapi.json`)).json()) as OpenApiDoc;
}, 120_000);

describe('scope matrix', () => {
  it('knows every path parameter of every operation', async () => {
    const unknown: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const op of Object.values(ops)) {
        if (!isScoped(path, op)) continue;
        for (const param of params(path))
          if (!(param in NOT_IDS) && !RESOURCE_RULES.some(([re, p]) => p === param && re.test(path)))
            unknown.push(`{${param}} in ${path}`);
      }
    expect([...new Set(unknown)]).toEqual([]);
  });

  it("answers another company's resource exactly as one that does not exist: 404, never 2xx or 403", async () => {
    const differences: string[] = [];
    let compared = 0;
    const statuses = new Map<number, string[]>();
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        if (!isScoped(path, op)) continue;
        const other: Record<string, string> = {};
        const nowhere: Record<string, string> = {};
        for (const param of params(path)) {
          if (param in NOT_IDS) continue;
          const value = await otherValue(path, param);
          if (value === undefined) continue;
          other[param] = value;
          nowhere[param] = /^\d+$/.test(value) ? NOWHERE : NOWHERE_UID;
        }
        const seen = await answer(method, path, op, other);
        const absent = await answer(method, path, op, nowhere);
        compared++;
        statuses.set(seen.status, [...(statuses.get(seen.status) ?? []), `${method.toUpperCase()} ${path}`]);
        const where = `${method.toUpperCase()} ${path}`;
        if (JSON.stringify(seen) !== JSON.stringify(absent))
          differences.push(`${where}: other company ${JSON.stringify(seen)} ≠ nowhere ${JSON.stringify(absent)}`);
        else if (seen.status < 300) differences.push(`${where}: answered ${seen.status} for another company's id`);
        else if (seen.status === 403) differences.push(`${where}: 403 where the rule is 404 ${JSON.stringify(seen)}`);
      }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(100);
    // Most calls pass validation and reach the scope check (the rest stop at 400 both ways).
    expect(statuses.get(404)?.length ?? 0).toBeGreaterThan(compared * 0.8);
  }, 300_000);
});
