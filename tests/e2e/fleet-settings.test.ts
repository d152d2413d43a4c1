/**
 * The fleet settings card (ADR 028 addendum): a fleet manager switches the company's limit unit from kWh to
 * its currency, is asked to confirm with the number of drivers who have limits, sees the new unit after a
 * reload, and switches back (the e2e files run one after another, so the other tests see kWh again).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage } from './browser';

let page: Page;

loggedInPage('fleet-manager@fleetwise.test', {}, (opened) => {
  page = opened.page;
});

async function switchTo(label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Limit unit' }).selectOption({ label });
  await page.getByRole('button', { name: 'Change limit unit' }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText(/Drivers of this company with limits: \d+/).count()).toBe(1);
  await dialog.getByRole('button', { name: `Switch to ${label}` }).click();
  await expect.poll(() => page.getByText(`Limits are now in ${label}.`).count()).toBe(1);
}

describe('fleet settings: limit unit', () => {
  it('switches to the currency after confirmation, keeps it across a reload, and switches back', async () => {
    await page.goto('/fleet/overview');
    const current = page.getByText(/^Limit unit: /);
    await expect.poll(() => current.textContent()).toContain('Energy (kWh)');

    // Cancel leaves everything as it was.
    await page.getByRole('combobox', { name: 'Limit unit' }).selectOption({ label: 'Money (EUR)' });
    await page.getByRole('button', { name: 'Change limit unit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect.poll(() => page.getByText(/^Limit unit: /).textContent()).toContain('Energy (kWh)');

    await switchTo('Money (EUR)');
    await page.reload();
    await expect.poll(() => page.getByText(/^Limit unit: /).textContent()).toContain('Money (EUR)');

    await switchTo('Energy (kWh)');
    await page.reload();
    await expect.poll(() => page.getByText(/^Limit unit: /).textContent()).toContain('Energy (kWh)');
  });
});
