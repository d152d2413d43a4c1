/** Customer groups in a browser: create, reject a malformed max price, edit, delete after a confirmation, see it deleted. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, loginOnce, openBrowser, openPageAction } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser(baseURL);
});
afterAll(async () => {
  await browser.close();
});

describe('customer groups', () => {
  it('creates, edits and deletes a customer group', async () => {
    page = await browser.context.newPage();
    await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    const name = `E2E customers ${Date.now()}`;
    await page.goto('/customer-group');
    await hydrated(page);
    await page.getByRole('link', { name: 'Create customer group' }).first().click();
    await page.waitForURL('**/customer-group/create');
    await hydrated(page);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel(/Max price per session/).fill('12,50');
    await page.getByRole('button', { name: 'Create customer group' }).click();
    await expect.poll(() => page.getByText('Enter an amount with at most two decimals').count()).toBe(1);
    await page.getByLabel(/Max price per session/).fill('12.50');
    await page.getByText('Hide roaming').click();
    await page.getByRole('button', { name: 'Create customer group' }).click();
    await page.waitForURL(/\/customer-group\/\d+\/edit$/);
    await hydrated(page);
    expect(await page.getByLabel(/Max price per session/).inputValue()).toBe('12.50');
    expect(await page.getByLabel('Hide roaming').isChecked()).toBe(true);

    await page.getByLabel(/Max price per session/).fill('20');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByLabel(/Max price per session/).inputValue()).toBe('20.00');

    // The page's secondary actions (overview, sessions, delete) may be rolled up (see openPageAction).
    const confirm = page.getByRole('button', { name: 'Delete customer group' });
    await openPageAction(page, 'Delete', confirm);
    await confirm.click();
    await page.waitForURL(/\/customer-group$/);
    await expect.poll(() => page.locator('tbody tr').filter({ hasText: name }).count()).toBe(1);
    expect(await page.locator('tbody tr').filter({ hasText: name }).textContent()).toContain('Deleted');
    await page.close();
  });
});
