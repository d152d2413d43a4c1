/**
 * Network screens in a browser: the overview's station map draws its markers with no tile source
 * (plain background, no request leaves the site) beside the list of stations needing attention;
 * the availability KPI shows bars and its table; the connector list exports the filtered rows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, loginWithEmailCode } from './browser';

const baseURL = inject('baseURL');
const profile = mkdtempSync(join(tmpdir(), 'e2e-network-'));
let context: BrowserContext;
let page: Page;
const outside: string[] = [];

beforeAll(async () => {
  // WebGL through SwiftShader: headless Chromium with --disable-gpu has no other GL for MapLibre.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
    baseURL,
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http')) outside.push(r.url());
  });
  await loginWithEmailCode(page, baseURL, 'cpm-view@voltaria-sud.test');
  await page.waitForURL('**/connectors/overview');
});
afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
});

describe('network screens', () => {
  it('shows the toast of the login beside the map legend, not over it', async () => {
    // The login's toast (the 2FA page's "code sent" one may still be leaving).
    const toast = page.locator('.Polaris-Frame-Toast').filter({ hasText: 'You are logged in.' });
    await toast.waitFor();
    const legend = page.getByLabel('Legend');
    const [a, b] = [await toast.boundingBox(), await legend.boundingBox()];
    if (!a || !b) throw new Error('toast or legend not drawn');
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect({ toast: a, legend: b, overlaps }).toMatchObject({ overlaps: false });
  });

  it('counts the legend and the cards with one model of online: nothing charges at an offline station', async () => {
    // No charge point of Voltaria Sud is connected in this file: every station is offline.
    const card = async (label: string) =>
      Number(await page.locator(`section[aria-label="${label}"] p`).first().textContent());
    for (const label of ['Available', 'Charging', 'Faulted', 'Suspended'])
      expect({ label, n: await card(label) }).toEqual({ label, n: 0 });
    expect(await card('Offline')).toBeGreaterThan(0);
    const legend = page.getByLabel('Legend');
    await expect.poll(() => legend.textContent()).toContain('Offline (6)');
    for (const bucket of ['Faulted', 'Available', 'In use', 'Unavailable']) {
      expect(await legend.textContent()).toContain(`${bucket} (0)`);
    }
    // Clusters have their own style (white, dark ring), not the grey of offline stations.
    const swatch = page.getByTestId('cluster-swatch');
    expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  });

  it('draws the station markers on a plain background without tiles, with the attention list', async () => {
    await page.goto('/connectors/overview');
    const map = page.getByTestId('station-map');
    await map.waitFor();
    await expect.poll(() => map.locator('canvas').count(), { timeout: 20_000 }).toBe(1);
    // Voltaria Sud's six stations (Marseille, Nice), clustered or single: at least one feature drawn.
    await expect
      .poll(async () => Number(await map.getAttribute('data-rendered-features')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await page.getByText('No map tiles are configured').count()).toBe(1);
    const list = page.getByRole('table', { name: 'Stations needing attention' });
    await expect.poll(() => list.locator('tbody tr').count()).toBe(6);
    expect(await list.locator('tbody tr[data-bucket="offline"]').count()).toBe(6);
    expect(await page.getByRole('heading', { name: 'Recent faults' }).count()).toBe(1);
    expect(outside).toEqual([]);
  });

  it('shows availability per day of the month as bars with a table', async () => {
    const now = new Date();
    await page.goto(`/connectors/kpi?view=month&year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`);
    const chart = page.getByTestId('kpi-chart');
    await chart.waitFor();
    const days = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
    await expect.poll(() => chart.locator('[data-testid="kpi-bar"]').count()).toBe(days);
    const values = await chart
      .locator('[data-testid="kpi-bar"]')
      .evaluateAll((bars) => bars.map((b) => b.getAttribute('data-value')).filter((v) => v !== ''));
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(Number(v)).toBeGreaterThanOrEqual(0);
    expect(await page.getByRole('columnheader', { name: 'Availability' }).count()).toBe(1);
    await page.goto('/connectors/kpi?view=year&year=2001');
    await expect.poll(() => page.getByText('No status history for this period').count()).toBe(1);
  });

  it('exports the filtered connector list as CSV with every row', async () => {
    await page.goto('/connectors/list?power=DC');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(4);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('connectors.csv');
    const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^EVSE id,/i);
    expect(lines).toHaveLength(5);
    await expect.poll(() => page.getByText('Export ready: 4 rows').count()).toBe(1);
  });
});
