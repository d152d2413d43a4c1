/**
 * Prepaid wallets (issue 18 part 1): the payment provider admin (42) of the demo's top operator creates
 * Voltaria Sud's company wallet, adjusts its balance by 12.50 after reviewing it in the confirmation, and
 * sees the ledger row with its reason and the new balance; the row is then on the wallets list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, loggedInPage } from './browser';

const baseURL = inject('baseURL');
let page: Page;

loggedInPage('billing@voltaria.test', {}, (opened) => {
  page = opened.page;
});

describe('prepaid wallets', () => {
  it('creates a wallet, adjusts it after the confirmation, and shows the ledger row and the new balance', async () => {
    await page.goto(`${baseURL}/wallet/create`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { name: 'New wallet' }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Company', exact: true }).selectOption({ label: '· Voltaria Sud' });
    await page.waitForURL(/\/wallet\/create\?companyId=\d+$/);
    await expect.poll(() => page.getByRole('button', { name: 'Create wallet' }).count()).toBe(1);
    await page.getByLabel('Name', { exact: true }).fill('Sud prepaid');
    await page.getByRole('button', { name: 'Create wallet' }).click();
    await page.waitForURL(/\/wallet\/\d+$/);
    await hydrated(page);
    await expect.poll(() => page.getByText('Wallet created.').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Sud prepaid' }).count()).toBe(1);
    await expect.poll(() => page.getByText('No entries yet').count()).toBe(1);

    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByLabel('Amount (EUR)').fill('12.50');
    await dialog.getByLabel('Reason').fill('Opening credit for the pilot');
    await dialog.getByRole('button', { name: 'Review' }).click();
    // Nothing is written before the confirmation.
    await expect.poll(() => dialog.getByText(/^Adjust by 12,50\s€\? The balance becomes 12,50\s€\./).count()).toBe(1);
    expect(await page.getByText('No entries yet').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Confirm adjustment' }).click();
    await expect.poll(() => page.getByText('Adjustment saved.').count()).toBe(1);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const row = page.locator('tbody tr').filter({ hasText: 'Opening credit for the pilot' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/Adjustment[\s\S]*\+12,50\s€[\s\S]*12,50\s€/);
    await expect.poll(() => page.getByText(/^12,50\s€$/).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Delete wallet' }).isDisabled()).toBe(true);

    await page.goto(`${baseURL}/wallet?q=Sud%20prepaid`);
    const listed = page.locator('tbody tr').filter({ hasText: 'Sud prepaid' });
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.textContent()).toMatch(/Voltaria Sud[\s\S]*12,50\s€/);
  });
});
