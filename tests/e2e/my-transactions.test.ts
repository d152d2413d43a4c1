/**
 * A private user's prepaid wallet (issue 18): the demo private user opens /my-transactions, tops up
 * 20.00 through the modal, pays on the local Stripe server's Checkout dev page, comes back to the
 * top-up's page and sees the balance credited once the server's signed webhook has reached the API;
 * back on /my-transactions the top-up is Paid and the ledger has the credit.
 */
import { formatMoney } from '@domain/format/format';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, loggedInPage } from './browser';

const baseURL = inject('baseURL');
const stripeURL = inject('stripeURL');
let page: Page;

loggedInPage('self-charge@prive-recharge.test', {}, (opened) => {
  page = opened.page;
});

async function myWallet() {
  const res = await page.request.get(`${baseURL}/api/my-transactions`);
  expect(res.status()).toBe(200);
  const { wallet } = (await res.json()) as { wallet: { id: number; balance: number; currency: string } | null };
  if (!wallet) throw new Error('the demo private user has no wallet');
  return wallet;
}

describe('my transactions', () => {
  it('tops up 20.00 on the Checkout page and sees the balance credited', async () => {
    const before = await myWallet();
    await page.goto(`${baseURL}/my-transactions`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { name: 'My transactions' }).count()).toBe(1);
    await expect.poll(() => page.getByText(formatMoney(before.balance, before.currency)).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Top up' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    // The limits are shown, and an amount outside them is refused with the API's reason.
    await expect.poll(() => dialog.getByText(/^From 5,00\s€ to 1.000,00\s€\./).count()).toBe(1);
    await dialog.getByLabel(`Amount (${before.currency})`).fill('2000');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => dialog.getByText(/^Enter a whole amount from 5,00\s€ to 1.000,00\s€\./).count()).toBe(1);

    await dialog.getByLabel(`Amount (${before.currency})`).fill('20.00');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripeURL}/dev/checkout/`));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(`${baseURL}/top-up/${before.id}/`));
    expect(new URL(page.url()).searchParams.get('result')).toBe('success');
    await hydrated(page);

    // The page re-reads the top-up until the webhook from the local Stripe server has credited it.
    const after = formatMoney(before.balance + 2_000, before.currency);
    await expect.poll(() => page.getByText(`Your balance is now ${after}.`).count()).toBe(1);
    expect((await myWallet()).balance).toBe(before.balance + 2_000);

    await page.getByRole('link', { name: 'Back to my transactions' }).first().click();
    await page.waitForURL(`${baseURL}/my-transactions`);
    await expect.poll(() => page.getByText(after).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/^\+20,00\s€$/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Paid', { exact: true }).count()).toBeGreaterThan(0);
  });
});
