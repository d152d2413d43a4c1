/**
 * An administrator opens the built-in dashboards (issue 21 part 2): /dashboard/main draws its charts as
 * SVG from the demo network's data, each with a CSV link the browser's session can download, and a
 * chart shows its table fallback on request.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, loggedInPage } from './browser';

let page: Page;

loggedInPage('admin@voltaria.test', {}, (opened) => {
  page = opened.page;
});

describe('dashboards', () => {
  it('draws the main dashboard with SVG charts, CSV links and a table fallback', async () => {
    // The demo network's last year (the longest period a chart reads), so every chart has data.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await page.goto(`/dashboard/main?from=${day(Date.now() - 365 * 86_400_000)}&to=${day(Date.now())}`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Energy and sessions' }).waitFor();
    expect(await page.locator('svg[data-testid="dashboard-chart"]').count()).toBeGreaterThan(0);
    const csv = page.locator('a[data-testid="chart-csv"]').first();
    const href = await csv.getAttribute('href');
    expect(href).toMatch(/^\/api\/dashboard\/main\/charts\/energy-sessions\?.*format=csv/);
    const download = await page.request.get(href ?? '');
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('text/csv');
    expect((await download.text()).split('\n')[0]).toContain('day');
    await page.getByRole('button', { name: 'Show as table' }).first().click();
    await page.getByRole('columnheader', { name: 'Day' }).first().waitFor();
  });
});
