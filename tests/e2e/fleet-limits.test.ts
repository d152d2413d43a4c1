/** A fleet whose limits are in EUR (ADR 028): the user page shows consumption against each limit in EUR (EUR amounts use the decimal comma). */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage } from './browser';

let page: Page;

loggedInPage('fleet-manager@citadis.test', {}, (opened) => {
  page = opened.page;
});

describe('limits in currency on the user page', () => {
  it('shows what the driver spent against the monthly and daily limits, in EUR', async () => {
    await page.goto('/fleet/users');
    await page.getByText('Léa Martin').first().click();
    await page.waitForURL(/\/fleet\/users\/detail\/\d+/);
    await expect.poll(() => page.getByText(/31,2 of 40 EUR/).count()).toBe(1);
    expect(await page.getByText(/enforced at the charger/).count()).toBeGreaterThan(0);

    await page.goto('/fleet/users');
    await page.getByText('Hugo Petit').first().click();
    await page.waitForURL(/\/fleet\/users\/detail\/\d+/);
    await expect.poll(() => page.getByText(/5,4 of 5 EUR/).count()).toBe(1);
  });
});
