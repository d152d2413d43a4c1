/**
 * The job-runs page: the payment provider admin (42) of the demo's operator runs the monthly
 * invoices of a month by hand (month picker, confirmation), and the run appears in the table as done.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loggedInPage } from './browser';

const baseURL = inject('baseURL');
let page: Page;

loggedInPage('billing@voltaria.test', {}, (opened) => {
  page = opened.page;
});

describe('job runs', () => {
  it('runs the monthly invoices of a month after a confirmation and lists the run as done', async () => {
    await page.goto(`${baseURL}/jobs`);
    await expect.poll(() => page.getByRole('heading', { name: 'Job runs' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Run monthly invoices' }).click();
    await page.getByRole('textbox', { name: 'Month' }).fill('2026-09');
    await expect.poll(() => page.getByText('Run the monthly invoices of 2026-09?').count()).toBe(1);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const row = page.locator('tbody tr').filter({ hasText: '2026-09' });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => row.getByText('Done').count(), { timeout: 30_000 }).toBe(1);
    expect(await row.getByText('Monthly invoices').count()).toBe(1);
  });
});
