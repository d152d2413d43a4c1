/** Tariffs in a browser: create a tariff with the live preview, approve it from the pending queue, see it listed. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage, openPageAction } from './browser';

let page: Page;

loggedInPage('admin@voltaria.test', {}, (opened) => {
  page = opened.page;
});

describe('tariffs', () => {
  it('lists the demo tariffs per type', async () => {
    await page.goto('/tariffs/type/cpo');
    await expect.poll(() => page.getByText('Voltaria public AC/DC', { exact: true }).count()).toBe(1);
    await page.goto('/tariffs/type/emsp');
    await expect.poll(() => page.getByText('Voltaria driver peak / off-peak').count()).toBe(1);
  });

  it('creates a tariff, prices the sample live, approves it and lists it', async () => {
    const name = `E2E night tariff ${Date.now()}`;
    await page.goto('/tariffs/create/cpo');
    await page.getByLabel('Name', { exact: true }).fill(name);
    // Spec section 5: the decimal separator is the dot; a comma is refused with a hint that says so.
    await page.getByLabel('Price excl. VAT', { exact: true }).fill('0,30');
    await page.getByRole('button', { name: 'Create tariff' }).last().click();
    await expect
      .poll(() => page.getByText('Enter a number of zero or more with a dot as decimal separator, e.g. 0.25.').count())
      .toBe(1);
    await page.getByLabel('Price excl. VAT', { exact: true }).fill('0.30');
    // Sample: 20 kWh → 6.00 excl., 7.20 incl. 20 % VAT.
    await expect
      .poll(async () => {
        const text = (await page.locator('body').textContent()) ?? '';
        return /of which VAT 1,20\s€/.test(text)
          ? 'priced'
          : text.slice(text.indexOf('Live preview'), text.indexOf('Live preview') + 400);
      })
      .toBe('priced');
    await page.getByRole('button', { name: 'Create tariff' }).last().click();
    // Without an apply-from, the demo's older CPO tariff (apply-from 1 Jan 2026) would win every
    // session: the new tariff opens with the reason instead of vanishing into the list (issue 24 §6).
    await page.waitForURL(/\/tariffs\/edit\/\d+$/);
    await expect.poll(() => page.getByText('Once approved, this tariff would never price a session').count()).toBe(1);
    await expect
      .poll(() => page.getByText('“Voltaria public AC/DC” has the same company', { exact: false }).count())
      .toBe(1);
    await page.goto('/tariffs/type/pending');
    const row = page.locator('tbody tr', { hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: name }).count()).toBe(0);
    await page.goto('/tariffs/type/cpo');
    const listed = page.locator('tbody tr', { hasText: name });
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.getByText('Approved').count()).toBe(1);
  });

  it('refuses an unreadable price with a clear message and keeps what was typed', async () => {
    await page.goto('/tariffs/create/emsp');
    await page.getByLabel('Name', { exact: true }).fill('Broken');
    await page.getByLabel('Price excl. VAT', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Create tariff' }).last().click();
    await expect
      .poll(() => page.getByText('Enter a number of zero or more with a dot as decimal separator, e.g. 0.25.').count())
      .toBe(1);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Broken');
    expect(new URL(page.url()).pathname).toBe('/tariffs/create/emsp');
  });
});

describe('pending tariff page', () => {
  it('deletes a pending tariff from its page after a confirmation', async () => {
    const name = `E2E to delete ${Date.now()}`;
    await page.goto('/tariffs/create/owner');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price excl. VAT', { exact: true }).fill('0.10');
    await page.getByRole('button', { name: 'Create tariff' }).last().click();
    // The demo's revenue tariff comes before any owner tariff: the new one opens with that warning.
    await page.waitForURL(/\/tariffs\/edit\/\d+$/);
    await page.waitForLoadState('networkidle');
    const dialog = page.getByRole('dialog');
    await openPageAction(page, 'Delete', dialog.getByText('This cannot be undone.', { exact: false }));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/tariffs/type/pending');
    await expect.poll(() => page.locator('tbody tr', { hasText: name }).count()).toBe(0);
  });
});
