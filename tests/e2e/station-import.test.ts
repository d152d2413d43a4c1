/**
 * An operator imports two online stations from a CSV in Chromium: checks the file, confirms, sees each
 * station's OCPP id and password once, then finds the new connectors in the connector list, filters,
 * and adds them to a connector group with the bulk action.
 */
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

const stamp = Date.now().toString(36).toUpperCase();
const TEMPLATE = '"Wallbox Commander 2 (1 × Type 2, 22 kW)"';
const csv = [
  'template,ocpp_id,name,address,postal_code,city,country,latitude,longitude',
  `${TEMPLATE},E2E-IMP-${stamp}-1,Import ${stamp} 1,Quai de la Fosse,44000,Nantes,FR,47.2100,-1.5650`,
  `${TEMPLATE},E2E-IMP-${stamp}-2,Import ${stamp} 2,Quai de la Fosse,44000,Nantes,FR,47.2101,-1.5651`,
].join('\n');

describe('online-station import and bulk add to group', () => {
  it('imports the stations and shows their credentials once', async () => {
    page = await browser.context.newPage();
    await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    await page.goto(`${baseURL}/connectors/onboard-station/import`);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'stations.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect.poll(() => page.getByText('Every row is valid: stations to create: 2.').count()).toBe(1);
    await page.getByRole('button', { name: 'Import stations (2)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Import stations (2)' }).click();
    await expect.poll(() => page.getByText('Stations created: 2').count()).toBe(1);
    const passwords = await page.locator('td code').allTextContents();
    expect(passwords).toHaveLength(2);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z2-9]{24}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the credentials (.csv)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('station-credentials.csv');
    expect(await page.getByRole('button', { name: 'Credentials downloaded' }).isDisabled()).toBe(true);
  });

  it('adds the imported connectors to a group from the connector list', async () => {
    await page.goto(`${baseURL}/connectors/list?q=E2E-IMP-${stamp}`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    for (const i of [0, 1])
      await page.locator('tbody tr').nth(i).locator('input[type="checkbox"]').check({ force: true });
    await page.getByRole('button', { name: 'Add to group…' }).click();
    const dialog = page.getByRole('dialog');
    const value = await dialog.locator('option', { hasText: 'Bordeaux quays' }).getAttribute('value');
    await dialog.getByLabel('Group').selectOption(value ?? '');
    await dialog.getByRole('button', { name: 'Add to group' }).click();
    await expect.poll(() => page.getByText(/Added to “Bordeaux quays”: 2\. Already in the group: 0\./).count()).toBe(1);
  });
});
