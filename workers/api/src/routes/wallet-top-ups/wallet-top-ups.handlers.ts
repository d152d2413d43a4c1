/**
 * @module Wallet top-ups through Stripe Checkout (issue 18 part 2): validated input → the wallet the
 * caller reaches (gather) → `topUpAmountProblem` (decide) → our pending row, then Stripe's Checkout
 * session with an idempotency key derived from the row (write). The wallet is credited by the
 * webhook only (domain/billing/apply-event.ts), never here.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import { stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { authOf } from '@api/middleware/permission';
import type { wallets } from '@db/schema';
import { formatMoney } from '@domain/format/format';
import { can } from '@domain/permissions/permissions';
import { topUpAmountProblem } from '@domain/wallets/top-ups';
import { walletScope } from '@domain/wallets/wallet-scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { detail, list, start } from './wallet-top-ups.routes';
import { type RETURN_SCREENS, toTopUp } from './wallet-top-ups.schemas';
import {
  failPendingTopUp,
  insertTopUp,
  listTopUps,
  payeeOf,
  reachableWallet,
  setCheckoutSession,
  topUpWithBalance,
  type WalletReach,
} from './wallet-top-ups.store';

type Ctx = Context<AppEnv>;
type Wallet = typeof wallets.$inferSelect;

/** The wallets the caller may top up: those it manages (wallets:manage, wallets:company) and its own. */
export function reachOf(c: Ctx): WalletReach {
  const auth = authOf(c);
  return {
    companies: walletScope(auth.access, auth.company.id, auth.scope),
    userId: can(auth.access, 'personal:self-charge') ? auth.user.id : null,
  };
}

const walletNotFound = (c: Ctx) => apiError(c, 404, 'WALLET_NOT_FOUND', 'walletNotFound');

/** The screen Stripe sends the payer back to: it shows the top-up, pending until the webhook confirms it. */
function returnUrls(c: Ctx, walletId: number, topUpId: number, from: (typeof RETURN_SCREENS)[number]) {
  const back = `${new URL(c.req.url).origin}/top-up/${walletId}/${topUpId}?from=${from}`;
  return { success_url: `${back}&result=success`, cancel_url: `${back}&result=cancel` };
}

/** The Checkout session of a pending top-up, on the account that holds the wallet company's customer. */
async function createCheckout(
  c: Ctx,
  stripe: Stripe,
  wallet: Wallet,
  topUp: { id: number; amount: number },
  from: (typeof RETURN_SCREENS)[number],
) {
  const payee = await payeeOf(c.get('db'), wallet.companyId);
  const metadata = { wallet_top_up_id: String(topUp.id), wallet_id: String(wallet.id) };
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: wallet.currency.toLowerCase(),
            unit_amount: topUp.amount,
            product_data: { name: `Wallet top-up: ${wallet.name}` },
          },
        },
      ],
      client_reference_id: `wallet_top_up:${topUp.id}`,
      metadata,
      ...(payee.stripeCustomerId ? { customer: payee.stripeCustomerId } : {}),
      ...returnUrls(c, wallet.id, topUp.id, from),
    },
    {
      ...(payee.stripeAccountId ? { stripeAccount: payee.stripeAccountId } : {}),
      idempotencyKey: idempotencyKey('wallet_top_up', 'create', topUp.id),
    },
  );
}

const reads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const { walletId } = c.req.valid('param');
    const query = c.req.valid('query');
    const db = c.get('db');
    if (!(await reachableWallet(db, reachOf(c), walletId))) return walletNotFound(c);
    const { rows, total } = await listTopUps(db, walletId, query);
    return c.json({ data: rows.map(toTopUp), total, page: query.page, items_per_page: query.itemsPerPage }, 200);
  })
  .openapi(detail, async (c) => {
    const { walletId, topUpId } = c.req.valid('param');
    const db = c.get('db');
    const wallet = await reachableWallet(db, reachOf(c), walletId);
    const found = wallet ? await topUpWithBalance(db, walletId, topUpId) : undefined;
    if (!wallet || !found) return apiError(c, 404, 'TOP_UP_NOT_FOUND', 'topUpNotFound');
    return c.json({ topUp: toTopUp(found.row), balance: found.balance, walletName: wallet.name }, 200);
  });

const writes = new OpenAPIHono<AppEnv>().openapi(
  start,
  async (c) => {
    const { walletId } = c.req.valid('param');
    const { amount, returnTo } = c.req.valid('json');
    const db = c.get('db');
    const wallet = await reachableWallet(db, reachOf(c), walletId);
    if (!wallet) return walletNotFound(c);
    const limits = topUpAmountProblem(amount, wallet.currency);
    if (limits)
      return apiError(c, 400, 'VALIDATION_FAILED', 'topUpAmountInvalid', {
        field: 'amount',
        params: { min: formatMoney(limits.min, wallet.currency), max: formatMoney(limits.max, wallet.currency) },
      });
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const row = await insertTopUp(db, {
      walletId: wallet.id,
      amount,
      currency: wallet.currency,
      createdBy: authOf(c).user.id,
    });
    let session: Stripe.Checkout.Session;
    try {
      session = await createCheckout(c, client.stripe, wallet, row, returnTo);
    } catch (err) {
      await failPendingTopUp(db, row.id, 'Stripe refused to start the payment');
      const answer = await stripeFailed(
        c,
        err,
        'paymentFailed',
        'stripe.wallet_top_up.create',
        'wallet_top_up',
        row.id,
      );
      return answer.status === 402 ? apiError(c, 502, 'PAYMENT_FAILED', 'paymentFailed') : answer;
    }
    const saved = await setCheckoutSession(db, row.id, session.id);
    return c.json({ topUp: toTopUp(saved), checkoutUrl: session.url ?? '' }, 201);
  },
  keyedValidation,
);

export const walletTopUpRoutes = new OpenAPIHono<AppEnv>().route('/', reads).route('/', writes);
