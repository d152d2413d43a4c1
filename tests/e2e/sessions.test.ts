/** Session screens in a browser: the network list, a filter kept in the URL, a detail with its power curve. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage } from './browser';

let page: Page;

// The engineer (role 53) may view connectors and gets the extra graphs.
loggedInPage('engineer@voltaria.test', { landing: '**/connectors/overview' }, (opened) => {
  page = opened.page;
});

const rows = () => page.locator('tbody tr');

describe('sessions', () => {
  it('lists the network sessions with the provider variant, sums and unpriced prices shown as such', async () => {
    await page.goto('/connectors/sessions');
    await expect.poll(() => page.getByRole('tab', { name: 'E-mobility provider' }).count()).toBe(1);
    await expect.poll(() => rows().count()).toBeGreaterThan(2);
    expect(await page.getByText('Sums', { exact: true }).count()).toBe(1);
    expect(await page.getByText('unpriced').count()).toBeGreaterThan(0);
    // Prices with a decimal comma, energy in kWh.
    expect(
      await page
        .locator('tbody')
        .getByText(/\d+,\d{2}\s€/)
        .count(),
    ).toBeGreaterThan(0);
    expect(await page.locator('tbody').getByText(/kWh$/).count()).toBeGreaterThan(0);
  });

  it('filters on needs revision through the filter bar and keeps it in the URL', async () => {
    await page.goto('/connectors/sessions');
    await expect.poll(() => rows().count()).toBeGreaterThan(2);
    await page
      .getByRole('button', { name: /search and filter/i })
      .first()
      .click();
    await page.getByRole('button', { name: 'Needs revision' }).first().click();
    // Polaris draws its own radio over a visually hidden input: click the label, as a person does.
    await page.locator('label').filter({ hasText: /^Yes$/ }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('revision')).toBe('yes');
    const flagged = () => page.locator('tbody').getByText('Yes', { exact: true }).count();
    // Once the filtered page is in, every listed session (not the sums row) is flagged.
    await expect.poll(async () => (await rows().count()) - 1 - (await flagged())).toBe(0);
    expect(await flagged()).toBeGreaterThan(0);
  });

  it('opens a closed session and shows its power curve, energy and the engineering graphs', async () => {
    // A demo session (the seed records current, voltage and state of charge): sessions the other
    // browser tests run on their own chargers carry only power and energy, and may be the newest.
    await page.goto('/connectors/sessions?status=closed&q=Bordeaux');
    await expect.poll(() => rows().count()).toBeGreaterThan(1);
    await rows().first().click();
    await page.waitForURL(/\/sessions\/detail\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Power and energy' }).count()).toBe(1);
    await expect.poll(() => page.locator('svg[aria-label="power"] path').count()).toBeGreaterThan(0);
    expect(await page.locator('svg[aria-label="energy"]').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Engineering graphs' }).count()).toBe(1);
    expect(await page.locator('svg[aria-label="current"]').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Prices per party' }).count()).toBe(1);
  });
});
