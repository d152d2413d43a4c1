/**
 * Issue 24 §6 in a browser: the sessions table no longer scrolls sideways with its sums off-screen
 * (a short default of columns, a column choice kept in the URL, the totals in view above the
 * table), the station filter is a picker with search, and a session says which tariff priced each
 * perspective and why.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOnce, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

// The operator's super user, whose session other files reuse: the e-mailed code is limited to five
// per account in 15 minutes, which the files acting as admin@voltaria.test already use up.
beforeAll(async () => {
  browser = await openBrowser(baseURL);
  page = await browser.context.newPage();
  await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
  await page.waitForURL('**/connectors/overview');
});
afterAll(async () => {
  await browser?.close();
});

const rows = () => page.locator('tbody tr');
const headers = () => page.locator('thead th');

describe('session table', () => {
  it('shows a short default of columns with the totals in view, and takes a column choice into the URL', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/connectors/sessions');
    await expect.poll(() => rows().count()).toBeGreaterThan(2);
    expect(await headers().count()).toBeLessThanOrEqual(10);
    const totals = page.getByTestId('session-totals');
    await expect.poll(() => totals.count()).toBe(1);
    const box = await totals.boundingBox();
    expect(box && box.y + box.height <= 900 && box.x + box.width <= 1400).toBe(true);
    expect(await totals.getByText(/kWh$/).count()).toBe(1);
    // The table fits: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('button', { name: /^Columns \(/ }).click();
    await page
      .locator('label')
      .filter({ hasText: /^Charge point operator id$|^Operator id$/ })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('cols') ?? '').toContain('cdr_operator_id');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect.poll(() => rows().count()).toBeGreaterThan(2);
    expect(new URL(page.url()).searchParams.get('cols')).toContain('cdr_operator_id');
  });

  it('filters on a station chosen by name, and names it on the chip', async () => {
    await page.goto('/connectors/sessions');
    await expect.poll(() => rows().count()).toBeGreaterThan(2);
    await page
      .getByRole('button', { name: /search and filter/i })
      .first()
      .click();
    // Station is not pinned: it comes from "Add filter".
    await page
      .getByRole('button', { name: /add filter/i })
      .first()
      .click();
    await page.getByText('Station', { exact: true }).last().click();
    await page.getByPlaceholder('Search stations by name, id or city').fill('Lyon');
    const option = page.getByRole('option').first();
    await expect.poll(() => option.count()).toBe(1);
    const label = ((await option.textContent()) ?? '').trim();
    await option.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('station') ?? '').toMatch(/^\d+$/);
    const name = label.split(' · ')[0] ?? label;
    await expect.poll(() => page.getByText(`Station: ${name}`, { exact: false }).count()).toBeGreaterThan(0);
  });

  it('a priced session names the tariff of each perspective and why the others lost', async () => {
    await page.goto('/connectors/sessions?status=closed');
    await expect.poll(() => rows().count()).toBeGreaterThan(1);
    await rows().first().click();
    await page.waitForURL(/\/sessions\/detail\/\d+$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Which tariff priced each perspective, and why' }).count())
      .toBe(1);
    await expect.poll(() => page.getByTestId('pricing-why-subcpo').getByText('Chosen').count()).toBeGreaterThan(0);
  });
});
