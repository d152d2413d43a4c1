/** A customer group's overview and members in a browser: empty year, add a member by search, open their detail, remove them after a confirmation. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOnce, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser(baseURL);
});
afterAll(async () => {
  await browser.close();
});

describe('customer group members', () => {
  it('adds a member from the overview, opens their detail and removes them', async () => {
    page = await browser.context.newPage();
    await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    const name = `E2E members ${Date.now()}`;
    await page.goto('/customer-group/create');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create customer group' }).click();
    await page.waitForURL(/\/customer-group\/\d+\/edit$/);
    const id = /customer-group\/(\d+)\/edit/.exec(page.url())?.[1];

    await page.goto(`/customer-group/${id}/overview`);
    const year = new Date().getUTCFullYear();
    await expect.poll(() => page.getByText(`No sessions by members of this group in ${year}.`).count()).toBe(1);
    expect(await page.getByText('No members yet.', { exact: false }).count()).toBe(1);

    await page.getByLabel('Find users by e-mail or name').fill('engineer@voltaria');
    await page.getByRole('button', { name: 'Search' }).last().click();
    await page.waitForURL(/find=engineer/);
    await page.getByRole('button', { name: 'Add engineer@voltaria.test' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Gaëlle Mercier' }).count()).toBe(1);
    expect(await page.getByText('1 members').count()).toBe(1);
    // The membership history charts the new member in this month, though they have not charged.
    expect(await page.getByRole('heading', { name: 'Members during the month' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Gaëlle Mercier' }).click();
    await page.waitForURL(new RegExp(`/customer-group/${id}/detail/\\d+$`));
    await expect.poll(() => page.getByText('engineer@voltaria.test').count()).toBeGreaterThan(0);
    // The URL changes a moment before the detail renders: wait for its heading.
    await expect.poll(() => page.getByRole('heading', { name: 'Sessions in this group', exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Remove from group' }).click();
    await page.getByRole('button', { name: 'Remove member' }).click();
    await page.waitForURL(`**/customer-group/${id}/overview`);
    await expect.poll(() => page.getByText('No members yet.', { exact: false }).count()).toBe(1);
    await page.close();
  });
});
