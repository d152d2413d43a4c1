/**
 * The billing journey (issue 17 part 12) in one browser, end to end through the local Stripe-compatible
 * server: the payment provider administrator of the Voltaria demo onboards the operator on Stripe Connect
 * (its dev onboarding page standing in for Stripe's), builds a product and a monthly price, makes the
 * demo's fleet company a customer with an EU VAT number and a card (Checkout in setup mode, "Success"),
 * subscribes it (confirming the irreversible activation), then finds the subscription's invoice paid once
 * Stripe's webhooks are applied, opens it, and sees the `invoice.paid` event applied in the webhook log.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loggedInPage } from './browser';

const baseURL = inject('baseURL');
const stripeURL = inject('stripeURL');
let page: Page;

loggedInPage('billing@voltaria.test', {}, (opened) => {
  page = opened.page;
});

const FLEET = 'Fleetwise Logistics';

/** The id of `company` in the customers screen's company picker (the companies of the caller's tree). */
async function companyId(company: string): Promise<string> {
  const option = page.getByRole('combobox', { name: 'Company' }).locator('option').filter({ hasText: company });
  const value = await option.first().getAttribute('value');
  if (!value) throw new Error(`no ${company} in the company picker`);
  return value;
}

describe('billing journey', () => {
  it('onboards, builds the catalogue, subscribes a fleet company and sees its invoice paid', async () => {
    // 1. Connect onboarding: not done, started, completed on the provider's (local) page, done.
    await page.goto(`${baseURL}/stripe/customers`);
    const operatorId = await companyId('Voltaria Networks');
    const fleetId = await companyId(FLEET);
    // The notice with its recovery action shows on every billing screen that needs the onboarding (the /stripe layout).
    await page.goto(`${baseURL}/stripe/invoices`);
    await expect.poll(() => page.getByText('Payment provider onboarding incomplete').count()).toBe(1);
    await page.goto(`${baseURL}/stripe/onboard/${operatorId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Payment provider onboarding' }).count()).toBe(1);
    await expect.poll(() => page.getByText('The onboarding with the payment provider is incomplete.').count()).toBe(1);
    await expect.poll(() => page.getByText('Not started').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Start onboarding' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripeURL}/dev/onboard/`));
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${baseURL}/stripe/onboard/${operatorId}`));
    await expect.poll(() => page.getByText('Charges and payouts are enabled.').count()).toBe(1);
    await expect.poll(() => page.getByText('Not started').count()).toBe(0);
    await expect.poll(() => page.getByText(/Account id: acct_\w+/).count()).toBe(1);
    await expect.poll(() => page.getByText('The onboarding with the payment provider is incomplete.').count()).toBe(0);

    // 2. A product and its monthly price through the catalogue screens.
    const name = `Journey plan ${Date.now().toString(36)}`;
    await page.goto(`${baseURL}/stripe/products/create`);
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('combobox', { name: 'Country' }).selectOption('FR');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('recurring');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/stripe\/products\/update\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: `Product ${name}` }).count()).toBe(1);
    await page.getByRole('link', { name: 'Prices of this product' }).click();
    await page.waitForURL(/\/stripe\/prices\?product=\d+/);
    await page.getByRole('link', { name: 'Create price' }).first().click();
    await page.waitForURL(/\/stripe\/prices\/create\?product=\d+/);
    await page.getByRole('textbox', { name: 'Unit amount' }).fill('19.90');
    await page.getByRole('combobox', { name: 'Interval' }).selectOption('recurring');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/stripe\/prices\?product=\d+/);
    const priceRow = page.locator('tbody tr').filter({ hasText: name });
    await expect.poll(() => priceRow.textContent()).toMatch(/19,90\s*€/);
    await expect.poll(() => priceRow.textContent()).toContain('Monthly');
    await expect.poll(() => priceRow.textContent()).not.toContain('Not in Stripe yet');
    await priceRow.click();
    await page.waitForURL(/\/stripe\/prices\/update\/\d+$/);
    const priceId = /\/stripe\/prices\/update\/(\d+)$/.exec(page.url())?.[1] ?? '';

    // 3. The fleet company becomes a customer with its VAT number, then gets a card as default.
    await page.goto(`${baseURL}/stripe/customers`);
    await page.getByRole('combobox', { name: 'Company' }).selectOption(fleetId);
    await page.getByRole('button', { name: 'Add customer' }).click();
    await page.waitForURL(`**/stripe/customers/onboard/${fleetId}`);
    await expect.poll(() => page.getByRole('heading', { name: `Billing of ${FLEET}` }).count()).toBe(1);
    await expect
      .poll(() => page.getByText('This company is not a customer of the payment provider yet.').count())
      .toBe(1);
    await page.getByRole('textbox', { name: 'Billing e-mail' }).fill('accounts@fleetwise.test');
    await page.getByRole('textbox', { name: 'VAT number' }).fill('FR40123456824');
    await page.getByRole('combobox', { name: 'Tax id country' }).selectOption('FR');
    await page.getByRole('button', { name: 'Create customer' }).click();
    await expect.poll(() => page.getByText('No payment method yet', { exact: false }).count()).toBe(1);
    await expect.poll(() => page.getByRole('textbox', { name: 'VAT number' }).inputValue()).toBe('FR40123456824');

    await page.getByRole('button', { name: 'Add payment method' }).click();
    // Checkout in setup mode: the provider's hosted page (the local server's here), then back.
    await page.waitForURL((url) => url.href.startsWith(`${stripeURL}/dev/checkout/`));
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('card');
    await page.getByRole('button', { name: 'Success', exact: true }).click();
    await page.waitForURL(/[?&]checkout_session=cs_/);
    await page.waitForURL((url) => url.href.startsWith(`${baseURL}/stripe/customers/onboard/${fleetId}`));
    await expect.poll(() => page.getByText('The payment method is added.').count()).toBe(1);
    const year = new Date().getUTCFullYear() + 3;
    const card = page.getByText(`VISA ending in 4242, expires 12/${year}`);
    await expect.poll(() => card.count()).toBe(1);
    const method = page.locator('li').filter({ has: card });
    await expect.poll(() => method.getByText('Default', { exact: true }).count()).toBe(1);

    // 4. The subscription of the fleet company to that price, activation confirmed.
    await page.goto(`${baseURL}/stripe/subscriptions`);
    // The customers and the recurring prices are offered by name, never by id.
    await page.getByRole('combobox', { name: 'Customer' }).selectOption({ label: FLEET });
    await page.getByRole('combobox', { name: 'Price' }).selectOption(priceId);
    expect(await page.getByRole('combobox', { name: 'Price' }).inputValue()).toBe(priceId);
    expect(await page.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe(fleetId);
    await page.getByRole('textbox', { name: 'Name (optional)' }).fill(name);
    await page.getByRole('button', { name: 'Activate' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Activating a subscription cannot be undone.').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => page.getByText('Subscription created.').count()).toBe(1);
    const subscription = page.locator('tbody tr').filter({ hasText: name });
    await expect.poll(() => subscription.textContent()).toContain(FLEET);
    await expect.poll(() => subscription.textContent()).toMatch(/1 × 19,90\s*€/);

    // 5. Its invoice, paid once Stripe's webhooks are applied, and its detail.
    await page.goto(`${baseURL}/stripe/invoices?status=paid&customer=${fleetId}`);
    const invoice = page.locator('tbody tr').filter({ hasText: FLEET });
    await expect
      .poll(
        async () => {
          if ((await invoice.count()) === 0)
            await page.goto(`${baseURL}/stripe/invoices?status=paid&customer=${fleetId}`);
          return invoice.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect.poll(() => invoice.textContent()).toContain('Paid');
    await expect.poll(() => invoice.textContent()).toMatch(/19,90\s*€/);
    await invoice.click();
    await page.waitForURL(/\/stripe\/invoices\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Lines' }).count()).toBe(1);
    const lines = page.locator('table').filter({ hasText: 'Description' });
    await expect.poll(() => lines.textContent()).toContain(name);
    await expect.poll(() => page.locator('main').textContent()).toMatch(/Total\s*19,90\s*€/);

    // 6. The invoice.paid event, applied, in the webhook log.
    await page.goto(`${baseURL}/stripe/webhooks?type=invoice.paid`);
    await expect.poll(() => page.getByRole('heading', { name: 'Stripe webhook log' }).count()).toBe(1);
    const event = page.locator('tbody tr').filter({ hasText: 'invoice.paid' });
    await expect.poll(() => event.first().textContent()).toContain('Applied');
    // Nothing Stripe sent along the journey failed: every delivery acknowledged, no event failed to apply.
    await page.goto(`${baseURL}/stripe/webhooks?outcome=failed`);
    await expect.poll(() => page.getByText('No events', { exact: true }).count()).toBe(1);
    const sent = (await (await fetch(`${stripeURL}/dev/events`)).json()) as {
      deliveries: { type: string; status: string }[];
    };
    expect(sent.deliveries.filter((d) => d.status === 'failed')).toEqual([]);

    // The subscription reads Active once Stripe's events about it are applied.
    await page.goto(`${baseURL}/stripe/subscriptions`);
    await expect.poll(() => page.locator('tbody tr').filter({ hasText: name }).textContent()).toContain('Active');
  });
});
