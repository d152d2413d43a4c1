/**
 * The dev-only pages that stand in for Stripe's hosted ones (plain HTML, no external assets): setup
 * of a payment method, Connect onboarding, Checkout, paying an invoice by bank transfer. A GET shows
 * the choice, the form POSTs it back, the server applies it, sends the events and redirects like
 * Stripe would. Also `GET /dev/events` (webhook deliveries) and `POST /dev/config` (webhook URL).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { markPaid } from './billing';
import { type Ctx, StripeError } from './context';
import { advanceClockPage, clocksPage } from './dev-clocks';
import { finishOnboarding } from './resources-accounts';
import {
  type CheckoutChoice,
  completeSetup,
  finishCheckout,
  type SetupOutcome,
  settleSetup,
} from './resources-payments';
import type { State } from './server';
import type { StripeObject } from './store';
import { now } from './store';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · local Stripe</title>
<style>body{font:16px system-ui,sans-serif;background:#f6f6f7;margin:0}main{max-width:28rem;margin:4rem auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:2rem}
h1{font-size:1.25rem;margin-top:0}p.note{color:#666;font-size:.875rem}form{display:flex;flex-direction:column;gap:.75rem}
button{font:inherit;padding:.6rem;border-radius:6px;border:1px solid #999;background:#fff;cursor:pointer}button.primary{background:#635bff;color:#fff;border-color:#635bff}
select{font:inherit;padding:.4rem}</style></head><body><main><h1>${esc(title)}</h1>${body}
<p class="note">Local Stripe-compatible server for development: nothing here is a real payment.</p></main></body></html>`;
}

function form(hidden: Record<string, string>, buttons: [string, string, boolean?][], extra = ''): string {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const buttonHtml = buttons
    .map(
      ([value, label, primary]) =>
        `<button name="choice" value="${value}"${primary ? ' class="primary"' : ''}>${esc(label)}</button>`,
    )
    .join('');
  return `<form method="post">${fields}${extra}${buttonHtml}</form>`;
}

export function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

function redirect(res: ServerResponse, target: string, params: Record<string, string> = {}): void {
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new StripeError(400, 'Only http(s) return URLs are followed.');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  res.writeHead(303, { Location: url.toString() });
  res.end();
}

/** Runs a dev-page action in the object's account and sends the events it made. */
export function act(state: State, account: string, action: (ctx: Ctx) => void): void {
  const ctx: Ctx = {
    store: state.store,
    hooks: state.hooks,
    account,
    params: {},
    input: {},
    origin: state.origin,
    path: '',
    outbox: [],
  };
  action(ctx);
  for (const e of ctx.outbox) state.hooks.emit(account, e.type, e.object, e.previous);
}

function find(state: State, id: string, object: string): { account: string; value: StripeObject } {
  const found = state.store.find(id);
  if (!found || found.value.object !== object) throw new StripeError(404, `No such ${object}: '${id}'`);
  return found;
}

type Body = () => Promise<URLSearchParams>;

async function setupPage(state: State, res: ServerResponse, id: string, url: URL, method: string, body: Body) {
  const { account, value: intent } = find(state, id, 'setup_intent');
  if (method === 'POST') {
    const data = await body();
    const choice = data.get('choice') ?? '';
    act(state, account, (ctx) =>
      choice === 'settle'
        ? settleSetup(ctx, intent)
        : completeSetup(ctx, intent, choice as SetupOutcome, data.get('kind') ?? undefined),
    );
    const status =
      choice === 'success' || choice === 'settle' || choice === 'declines'
        ? 'succeeded'
        : choice === 'processing'
          ? 'processing'
          : 'failed';
    const back = data.get('return_url');
    if (back)
      return redirect(res, back, {
        setup_intent: intent.id,
        setup_intent_client_secret: String(intent.client_secret),
        redirect_status: status,
      });
    return html(res, 200, page('Payment details', `<p>Result: <strong>${status}</strong>.</p>`));
  }
  const returnUrl = url.searchParams.get('return_url') ?? '';
  const kinds = intent.payment_method_types as string[];
  if (intent.status === 'processing') {
    return html(
      res,
      200,
      page(
        'Payment details processing',
        `<p>The bank has not confirmed ${esc(String(intent.payment_method))} yet.</p>${form({ return_url: returnUrl }, [['settle', 'Bank confirmed (succeeds)', true]])}`,
      ),
    );
  }
  if (intent.status !== 'requires_payment_method')
    return html(res, 409, page('Payment details', `<p>This setup is already ${esc(String(intent.status))}.</p>`));
  const select =
    kinds.length > 1
      ? `<label>Kind <select name="kind">${kinds.map((k) => `<option>${esc(k)}</option>`).join('')}</select></label>`
      : '';
  const buttons: [string, string, boolean?][] = [
    ['success', 'Success', true],
    ['processing', 'Processing'],
    ['failed', 'Failed'],
    ['declines', 'Success, but later charges decline (test card …0341)'],
  ];
  return html(
    res,
    200,
    page(
      'Set up payment details',
      `<p>Customer ${esc(String(intent.customer))}, ${esc(kinds.join(', '))}.</p>${form({ return_url: returnUrl }, buttons, select)}`,
    ),
  );
}

async function onboardPage(state: State, res: ServerResponse, id: string, url: URL, method: string, body: Body) {
  const { value: account } = find(state, id, 'account');
  const data = method === 'POST' ? await body() : url.searchParams;
  const link = state.store.get('', '_account_link', data.get('link') ?? '');
  if (!link || link.account !== account.id)
    return html(res, 404, page('Onboarding', '<p>This onboarding link is not valid.</p>'));
  if ((link.expires_at as number) < now() && link.refresh_url) return redirect(res, link.refresh_url as string);
  if (method === 'POST') {
    const choice = data.get('choice');
    act(state, account.id, (ctx) =>
      finishOnboarding(
        ctx,
        account,
        choice === 'complete' || choice === 'complete_failing_bank',
        choice === 'complete_failing_bank',
      ),
    );
    state.store.remove(link.id);
    if (link.return_url) return redirect(res, link.return_url as string);
    return html(res, 200, page('Onboarding', '<p>Done.</p>'));
  }
  return html(
    res,
    200,
    page(
      'Connect onboarding',
      `<p>Account ${esc(account.id)}.</p>${form({ link: link.id }, [
        ['complete', 'Complete onboarding', true],
        ['complete_failing_bank', 'Complete with a bank account that fails payouts (000111111116)'],
        ['leave', 'Leave unfinished'],
      ])}`,
    ),
  );
}

const CHECKOUT_CHOICES = new Set(['pay', 'cancel', 'success', 'processing', 'failed', 'settle']);
const DEBITS = new Set(['sepa_debit', 'bacs_debit']);

/**
 * Stripe's hosted Checkout. Payment mode: Pay / Cancel. Setup mode: the kind (when several) and the
 * outcomes of `/dev/setup` (Success, Processing for a debit, Failed: a declined attempt that stays on
 * the page, as Stripe's does) or Cancel; a completed session whose debit is processing offers "Bank
 * confirmed". Redirects to `success_url` (`{CHECKOUT_SESSION_ID}` filled in) or `cancel_url`.
 */
async function checkoutPage(state: State, res: ServerResponse, id: string, method: string, body: Body) {
  const { account, value: session } = find(state, id, 'checkout.session');
  const intentId = session.setup_intent as string | null;
  const intent = intentId ? state.store.get(account, 'setup_intent', intentId) : undefined;
  const setup = session.mode === 'setup' && intent !== undefined;
  if (method === 'POST') {
    const data = await body();
    const choice = data.get('choice') ?? '';
    if (!CHECKOUT_CHOICES.has(choice)) throw new StripeError(400, `Unknown choice: ${choice}.`);
    if (choice === 'settle') {
      if (!intent) throw new StripeError(400, 'This Checkout Session has no SetupIntent.');
      act(state, account, (ctx) => settleSetup(ctx, intent));
      return html(res, 200, page('Checkout', '<p>The bank confirmed the payment details.</p>'));
    }
    const picked = choice as CheckoutChoice;
    act(state, account, (ctx) => finishCheckout(ctx, session, picked, data.get('kind') ?? undefined));
    if (session.status === 'open')
      return checkoutForm(
        res,
        session,
        intent,
        setup ? 'The payment details were declined.' : 'Your card was declined.',
      );
    const target =
      session.status === 'complete'
        ? (session.success_url as string)
        : ((session.cancel_url as string | null) ?? (session.success_url as string));
    return redirect(res, target.replace('{CHECKOUT_SESSION_ID}', session.id));
  }
  if (setup && session.status === 'complete' && intent.status === 'processing')
    return html(
      res,
      200,
      page(
        'Checkout: payment details processing',
        `<p>The bank has not confirmed ${esc(String(intent.payment_method))} yet.</p>${form({}, [['settle', 'Bank confirmed (succeeds)', true]])}`,
      ),
    );
  if (session.status !== 'open')
    return html(res, 409, page('Checkout', `<p>This Checkout Session is ${esc(String(session.status))}.</p>`));
  return checkoutForm(res, session, intent);
}

function checkoutForm(res: ServerResponse, session: StripeObject, intent: StripeObject | undefined, error?: string) {
  const note = error ? `<p role="alert"><strong>${esc(error)}</strong></p>` : '';
  if (session.mode !== 'setup' || !intent) {
    const amount =
      session.amount_total === null
        ? ''
        : `<p>Total: ${esc(String(session.amount_total))} ${esc(String(session.currency))} (minor units).</p>`;
    return html(
      res,
      200,
      page(
        'Checkout',
        `${note}${amount}${form({}, [
          ['pay', 'Pay', true],
          ['failed', 'Pay with a declined card'],
          ['cancel', 'Cancel'],
        ])}`,
      ),
    );
  }
  const kinds = intent.payment_method_types as string[];
  const select =
    kinds.length > 1
      ? `<label>Kind <select name="kind">${kinds.map((k) => `<option>${esc(k)}</option>`).join('')}</select></label>`
      : '';
  const buttons: [string, string, boolean?][] = [
    ['success', 'Success', true],
    ...(kinds.some((k) => DEBITS.has(k)) ? [['processing', 'Processing'] as [string, string]] : []),
    ['failed', 'Failed'],
    ['cancel', 'Cancel'],
  ];
  return html(
    res,
    200,
    page(
      'Checkout: set up payment details',
      `${note}<p>Customer ${esc(String(session.customer))}, ${esc(kinds.join(', '))}.</p>${form({}, buttons, select)}`,
    ),
  );
}

async function invoicePage(state: State, res: ServerResponse, id: string, method: string) {
  const { account, value: invoice } = find(state, id, 'invoice');
  if (method === 'POST' && invoice.status === 'open') {
    act(state, account, (ctx) => markPaid(ctx, invoice));
  }
  const open = invoice.status === 'open';
  const summary = `<p>Invoice ${esc(String(invoice.number ?? invoice.id))}: ${esc(String(invoice.amount_remaining))} ${esc(String(invoice.currency))} (minor units) due, status <strong>${esc(String(invoice.status))}</strong>.</p>`;
  return html(
    res,
    200,
    page('Bank transfer', `${summary}${open ? form({}, [['pay', 'Bank transfer received', true]]) : ''}`),
  );
}

export async function devRoutes(
  state: State,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  readBody: (req: IncomingMessage) => Promise<string>,
): Promise<void> {
  const method = req.method ?? 'GET';
  const body = async () => new URLSearchParams(await readBody(req));
  const [, , kind, id, action] = url.pathname.split('/');
  if (method === 'GET' && url.pathname === '/dev/events') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ webhook_url: state.hooks.url ?? null, deliveries: state.hooks.deliveries }, null, 2));
    return;
  }
  if (method === 'POST' && url.pathname === '/dev/config') {
    const config = JSON.parse((await readBody(req)) || '{}') as { webhook_url?: string | null };
    if (config.webhook_url !== undefined) state.hooks.url = config.webhook_url ?? undefined;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ webhook_url: state.hooks.url ?? null }));
    return;
  }
  if (id && (method === 'GET' || method === 'POST')) {
    if (kind === 'setup' && !action) return setupPage(state, res, id, url, method, body);
    if (kind === 'onboard' && !action) return onboardPage(state, res, id, url, method, body);
    if (kind === 'checkout' && !action) return checkoutPage(state, res, id, method, body);
    if (kind === 'invoices' && action === 'pay') return invoicePage(state, res, id, method);
    if (kind === 'clocks' && action === 'advance' && method === 'POST') return advanceClockPage(state, res, id, body);
  }
  if (method === 'GET' && url.pathname === '/dev/clocks') return clocksPage(state, res);
  html(res, 404, page('Not found', `<p>No dev page at ${esc(url.pathname)}.</p>`));
}
