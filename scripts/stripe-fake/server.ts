/**
 * A local Stripe-compatible server for development and tests (no network needed): every request is
 * checked against Stripe's OpenAPI document, the objects the product uses are kept in memory, and
 * state changes come back as signed webhooks. Run:
 * `tsx scripts/stripe-fake/server.ts --port 12111 --webhook-url http://127.0.0.1:8787/api/stripe/webhook --webhook-secret whsec_…`
 * See docs/stripe-fake.md.
 */
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Ctx, type Handler, type Input, StripeError } from './context';
import { devRoutes } from './dev-pages';
import { coerce, decodeForm, describeErrors } from './form';
import { StripeDocument } from './openapi';
import { StateFile } from './persistence';
import { accountHandlers } from './resources-accounts';
import { billingHandlers } from './resources-billing';
import { catalogHandlers } from './resources-catalog';
import { paymentIntentHandlers } from './resources-payment-intents';
import { paymentHandlers } from './resources-payments';
import { requestTime, testClockHandlers } from './resources-test-clocks';
import { transferHandlers } from './resources-transfers';
import { atTime, expand, Store } from './store';
import { Webhooks } from './webhooks';

export interface StripeFakeOptions {
  port?: number;
  webhookUrl?: string;
  webhookSecret: string;
  /** Keeps the objects across restarts in this JSON file (npm start); none: memory only. */
  stateFile?: string;
  /** Waits between webhook attempts (default 250 ms, 1 s, 3 s); tests shorten them. */
  retryDelaysMs?: number[];
}

export interface StripeFake {
  url: string;
  close(): Promise<void>;
  /** Resolves when every queued webhook has been delivered or has failed for good. */
  settled(): Promise<void>;
}

const HANDLERS: Record<string, Handler> = {
  ...accountHandlers,
  ...paymentHandlers,
  ...paymentIntentHandlers,
  ...transferHandlers,
  ...catalogHandlers,
  ...billingHandlers,
  ...testClockHandlers,
};
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

interface Saved {
  fingerprint: string;
  status: number;
  body: string;
  at: number;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${Date.now()}`, ...headers });
  res.end(body);
}

function authenticate(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const basic = /^Basic (\S+)$/.exec(header)?.[1];
  const key = basic
    ? (Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? '')
    : (/^Bearer (\S+)$/.exec(header)?.[1] ?? '');
  if (!key) {
    throw new StripeError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!/^(sk|rk)_test_\w+$/.test(key)) {
    const shown = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
    throw new StripeError(401, `Invalid API Key provided: ${shown}`);
  }
  return key;
}

/** The Stripe API part: auth, match, decode, validate, idempotency, handler, expand, events. */
async function handleApi(state: State, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const sent = method === 'GET' ? '' : await readBody(req);
  const raw = method === 'POST' ? sent : [url.search.slice(1), sent].filter(Boolean).join('&');
  const key = authenticate(req);
  const matched = state.doc.match(method, url.pathname);
  if (!matched) throw new StripeError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  const { operation, params } = matched;
  const input = coerce(decodeForm(raw), operation.input) as Input;
  const errors = state.doc.validateInput(operation, input);
  if (errors.length > 0) {
    const { message, param, code } = describeErrors(errors, input);
    throw new StripeError(400, message, param, code);
  }
  const account = typeof req.headers['stripe-account'] === 'string' ? req.headers['stripe-account'] : '';
  if (account && !state.store.get('', 'account', account)) {
    throw new StripeError(
      403,
      `The provided key '${key.slice(0, 12)}…' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
    );
  }
  const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
  const savedKey = typeof idempotencyKey === 'string' ? `${key}|${account}|${idempotencyKey}` : undefined;
  const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${raw}`).digest('hex');
  if (savedKey) {
    const saved = state.idempotency.get(savedKey);
    if (saved && Date.now() - saved.at < IDEMPOTENCY_TTL_MS) {
      if (saved.fingerprint !== fingerprint) {
        throw new StripeError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          undefined,
          undefined,
          'idempotency_error',
        );
      }
      send(res, saved.status, saved.body, { 'Idempotent-Replayed': 'true', 'Idempotency-Key': String(idempotencyKey) });
      return;
    }
  }
  const handler = HANDLERS[`${method} ${operation.template}`];
  // `npm run stripe:endpoints` asks which operations each test file makes the product call.
  // A Checkout Session is named with its mode (payment and setup are different product flows).
  const mode =
    operation.template === '/v1/checkout/sessions' && method === 'POST' ? ` (mode ${input.mode ?? 'payment'})` : '';
  if (process.env.STRIPE_FAKE_LOG)
    appendFileSync(process.env.STRIPE_FAKE_LOG, `${method} ${operation.template}${mode}\n`);
  const ctx: Ctx = {
    store: state.store,
    hooks: state.hooks,
    account,
    params,
    input,
    origin: state.origin,
    path: url.pathname,
    outbox: [],
  };
  let status = 200;
  let body: string;
  try {
    if (!handler) {
      throw new StripeError(
        501,
        `The local Stripe server does not implement ${method} ${operation.template} (valid in Stripe's API; see docs/stripe-fake.md).`,
        undefined,
        undefined,
        'api_error',
      );
    }
    // About a customer on a test clock: the request happens at the clock's frozen time.
    const result = atTime(requestTime(state.store, account, params, input), () => handler(ctx));
    body = JSON.stringify(expand(state.store, account, result, input.expand), null, 2);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    status = error.status;
    body = JSON.stringify(error.body(), null, 2);
  }
  if (savedKey) state.idempotency.set(savedKey, { fingerprint, status, body, at: Date.now() });
  send(res, status, body, savedKey ? { 'Idempotency-Key': String(idempotencyKey) } : {});
  // A refused payment still changed the invoice (attempt_count): its events go out like Stripe's.
  for (const e of ctx.outbox) state.hooks.emit(account, e.type, e.object, e.previous);
}

export interface State {
  doc: StripeDocument;
  store: Store;
  hooks: Webhooks;
  origin: string;
  idempotency: Map<string, Saved>;
  persisted?: StateFile<Saved>;
}

async function route(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', state.origin);
  if (req.method !== 'GET') res.once('finish', () => state.persisted?.schedule());
  try {
    if (url.pathname.startsWith('/dev/')) {
      await devRoutes(state, req, res, url, readBody);
      return;
    }
    await handleApi(state, req, res, url);
  } catch (error) {
    if (error instanceof StripeError) {
      send(res, error.status, JSON.stringify(error.body(), null, 2));
      return;
    }
    console.error('stripe-fake: unexpected failure', error);
    send(res, 500, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
  }
}

/** Starts the server on 127.0.0.1 (`port: 0` picks a free port). */
export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const doc = new StripeDocument();
  const store = new Store(doc);
  const state: State = {
    doc,
    store,
    hooks: new Webhooks(store, options.webhookUrl, options.webhookSecret, options.retryDelaysMs),
    origin: '',
    idempotency: new Map(),
  };
  if (options.stateFile) {
    state.persisted = new StateFile(options.stateFile, state);
    state.persisted.load();
  }
  const server = createServer((req, res) => void route(state, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 12111, '127.0.0.1', () => resolve());
  });
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.origin,
    settled: () => state.hooks.settled(),
    close: async () => {
      state.hooks.close();
      state.persisted?.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const secret = argument('webhook-secret') ?? process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    console.error('stripe-fake: --webhook-secret is required');
    process.exit(1);
  }
  const fake = await startStripeFake({
    port: Number(argument('port') ?? 12111),
    webhookUrl: argument('webhook-url'),
    webhookSecret: secret,
    stateFile: argument('state-file'),
  });
  console.log(`stripe-fake: listening on ${fake.url} (ready in ${Math.round(performance.now() - started)} ms)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
