/**
 * The operator invoice board: the payment provider admin (42) of the demo's top operator previews and
 * creates the row of Voltaria Sud for October 2026, ticks "Sessions checked" on the list, and finds it
 * still ticked after a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loggedInPage } from './browser';

const baseURL = inject('baseURL');
let page: Page;

loggedInPage('billing@voltaria.test', {}, (opened) => {
  page = opened.page;
});

describe('operator invoice board', () => {
  it('creates a row from the preview, then a check ticked on the list stays ticked after a reload', async () => {
    await page.goto(`${baseURL}/cpo-invoices/create`);
    await expect.poll(() => page.getByRole('heading', { name: 'New operator invoice' }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'Voltaria Sud' });
    await page.getByLabel('Month').fill('2026-10');
    await page.getByRole('button', { name: 'Compute the figures' }).click();
    await expect.poll(() => page.getByText('Figures of Voltaria Sud for 2026-10').count()).toBe(1);
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.waitForURL(/\/cpo-invoices\/edit\/\d+$/);
    await expect.poll(() => page.getByText('Voltaria Sud · 2026-10').count()).toBe(1);

    await page.goto(`${baseURL}/cpo-invoices/list?month=2026-10`);
    const row = page.locator('tbody tr').filter({ hasText: 'Voltaria Sud' });
    await expect.poll(() => row.count()).toBe(1);
    const check = row.getByRole('checkbox', { name: /^Sessions checked/ });
    expect(await check.isChecked()).toBe(false);
    await check.click();
    await expect.poll(() => check.isChecked()).toBe(true);
    await expect.poll(() => page.getByText('Check saved.').count()).toBe(1);

    await page.reload();
    await expect
      .poll(() =>
        page
          .locator('tbody tr')
          .filter({ hasText: 'Voltaria Sud' })
          .getByRole('checkbox', { name: /^Sessions checked/ })
          .isChecked(),
      )
      .toBe(true);
    const amounts = page
      .locator('tbody tr')
      .filter({ hasText: 'Voltaria Sud' })
      .getByRole('checkbox', { name: /^Amounts checked/ });
    expect(await amounts.isChecked()).toBe(false);
  });
});
