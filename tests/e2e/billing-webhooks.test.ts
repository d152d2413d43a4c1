/**
 * The Stripe webhook log (issue 17 §9): a platform event, signed like Stripe signs it with the
 * development webhook secret, is posted to the live server's endpoint; a super user (who sees the
 * platform's own events) finds it by id in /stripe/webhooks, with its outcome, and opens its payload.
 */
import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { loggedInPage } from './browser';

const baseURL = inject('baseURL');
/** wrangler.toml's development webhook secret ([env.dev.vars] STRIPE_WEBHOOK_SECRET). */
const DEV_WEBHOOK_SECRET = 'whsec_local_development_only';
let page: Page;

loggedInPage('superuser-op@voltaria.test', {}, (opened) => {
  page = opened.page;
});

describe('Stripe webhook log', () => {
  it('lists a received event with its outcome and shows its payload', async () => {
    const id = `evt_e2e_${Date.now().toString(36)}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-09-30.clover',
      created: Math.floor(Date.now() / 1000),
      type: 'balance.available',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { object: 'balance', available: [{ amount: 4242, currency: 'eur' }] } },
    });
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: DEV_WEBHOOK_SECRET });
    const res = await fetch(`${baseURL}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });

    await page.goto(`${baseURL}/stripe/webhooks?q=${id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Stripe webhook log' }).count()).toBe(1);
    const row = page.locator('tbody tr').filter({ hasText: 'balance.available' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('Ignored');
    await expect.poll(() => row.textContent()).toContain('Event type balance.available is not handled');
    await row.click();
    await expect.poll(() => page.getByText(`Event ${id}`).count()).toBe(1);
    await expect.poll(() => page.getByTestId('webhook-payload').textContent()).toContain('"amount": 4242');
    await page.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => page.getByTestId('webhook-payload').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('event')).toBeNull();
  });
});
