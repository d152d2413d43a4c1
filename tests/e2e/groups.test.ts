/** Connector groups in a browser: create a group, add connectors found by a search, see them in it; support agents' landing. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOnce, loginWithEmailCode, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser(baseURL);
});
afterAll(async () => {
  await browser.close();
});

describe('connector groups', () => {
  it('creates a group, adds two connectors by search and lists it', async () => {
    page = await browser.context.newPage();
    await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    const name = `E2E Lille ${Date.now()}`;
    await page.goto('/connectors/add-group');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL(/\/connectors\/groups\/\d+$/);
    await expect.poll(() => page.getByText('No connectors in this group').count()).toBe(1);

    await page.locator('input[name="add"]').fill('VLT-LIL-001');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect.poll(() => page.locator('input[name="connector_id"]').count()).toBe(2);
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Add selected (2)' }).click();
    await expect.poll(() => page.getByText('Connectors added: 2').count()).toBe(1);
    // After a reload (no search results left), the group's own table lists both Lille connectors.
    await page.reload();
    await expect.poll(() => page.getByText('No connectors in this group').count()).toBe(0);
    await expect.poll(() => page.getByText('FR*VLT*EVLTLIL001', { exact: false }).count()).toBeGreaterThanOrEqual(2);

    await page.goto(`/connectors/groups?q=${encodeURIComponent(name)}`);
    await expect.poll(() => page.locator('tbody tr').filter({ hasText: name }).count()).toBe(1);
    expect(await page.locator('tbody tr').filter({ hasText: name }).textContent()).toContain('2');
    await page.close();
  });

  it('lands a support agent on the support search, and one match opens its support page', async () => {
    await browser.context.clearCookies(); // the previous test's user is still logged in
    page = await browser.context.newPage();
    await loginWithEmailCode(page, baseURL, 'support@voltaria.test');
    await page.waitForURL('**/connectors/support');
    await page.locator('input[name="q"]').fill('VLT-NIC-003-1');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.waitForURL(/\/connectors\/\d+\/support$/);
    await page.close();
  });
});
