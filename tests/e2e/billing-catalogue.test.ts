/**
 * The billing catalogue screens (issue 17 part 5): the payment provider administrator of the Voltaria demo is told
 * what a product lacks, creates a product and then its monthly price through the screens, each mirrored to the
 * local Stripe-compatible server, and finds the price in the list in the company's number format.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loggedInPage } from './browser';

const baseURL = inject('baseURL');
let page: Page;

loggedInPage('billing@voltaria.test', {}, (opened) => {
  page = opened.page;
});

describe('billing catalogue screens', () => {
  it('creates a product and its price through the screens', async () => {
    const name = `E2E plan ${Date.now().toString(36)}`;
    await page.goto(`${baseURL}/stripe/products/create`);
    await expect.poll(() => page.getByRole('heading', { name: 'Create product' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Product creation failed').count()).toBe(1);
    await expect.poll(() => page.getByText('Enter the name.').count()).toBe(1);
    await expect.poll(() => page.getByText('Select the type: one-time or recurring.').count()).toBe(1);

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('combobox', { name: 'Country' }).selectOption('IT');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('recurring');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/stripe\/products\/update\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: `Product ${name}` }).count()).toBe(1);
    await expect.poll(() => page.getByText('Not in Stripe yet').count()).toBe(0);

    await page.getByRole('link', { name: 'Prices of this product' }).click();
    await page.waitForURL(/\/stripe\/prices\?product=\d+/);
    await expect.poll(() => page.getByText('No prices').count()).toBe(1);
    await page.getByRole('link', { name: 'Create price' }).first().click();
    await page.waitForURL(/\/stripe\/prices\/create\?product=\d+/);
    await page.getByRole('textbox', { name: 'Unit amount' }).fill('19,90');
    await page.getByRole('combobox', { name: 'Interval' }).selectOption('recurring');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(/Enter an amount with a dot and at most 2 decimals/).count()).toBe(1);
    await page.getByRole('textbox', { name: 'Unit amount' }).fill('19.90');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/stripe\/prices\?product=\d+/);
    const row = page.locator('tbody tr').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toMatch(/19,90\s*€/);
    await expect.poll(() => row.textContent()).toContain('Monthly');
    await expect.poll(() => row.textContent()).not.toContain('Not in Stripe yet');

    // Deactivating asks first; the product then reads Inactive and can be reactivated.
    await page.goto(`${baseURL}/stripe/products?q=${encodeURIComponent(name)}`);
    await page.locator('tbody tr').filter({ hasText: name }).click();
    await page.waitForURL(/\/stripe\/products\/update\/\d+$/);
    await page.getByRole('button', { name: 'Deactivate' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(`Deactivate ${name}?`).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await page.waitForURL(/\/stripe\/products$/);
    await page.goto(`${baseURL}/stripe/products?status=inactive&q=${encodeURIComponent(name)}`);
    const inactive = page.locator('tbody tr').filter({ hasText: name });
    await expect.poll(() => inactive.textContent()).toContain('Inactive');
    await inactive.click();
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Deactivate' }).count()).toBe(1);
  });
});
