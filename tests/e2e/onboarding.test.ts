/**
 * An administrator onboards an online station from a template in Chromium, sees the OCPP credentials
 * once and the peering step recorded as failed (no peering configured), and a charge point connects
 * with the password the page showed.
 */
import type { RPCClient } from 'ocpp-rpc';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoCharger } from '../ocpp-live/helpers';
import { loginOnce, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let charger: RPCClient | undefined;

beforeAll(async () => {
  browser = await openBrowser(baseURL);
});
afterAll(async () => {
  await charger?.close({ force: true });
  await browser.close();
});

describe('onboarding page', () => {
  it('creates an online station and shows its credentials once', async () => {
    page = await browser.context.newPage();
    await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    await page.goto(`${baseURL}/connectors/onboard-station`);
    await page.getByRole('link', { name: 'Add an online station' }).click();
    await page.waitForURL('**/connectors/onboard-station/online');
    await page.getByLabel('Station template').selectOption({ label: 'Wallbox Commander 2 (1 × Type 2, 22 kW)' });
    const ocppId = `E2E-ONB-${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel('OCPP id').fill(ocppId);
    await page.getByLabel('Name').fill('Toulon Liberté 1');
    await page.getByLabel('Address').fill('Place de la Liberté');
    await page.getByLabel('Postal code').fill('83000');
    await page.getByLabel('City').fill('Toulon');
    await page.getByLabel('Latitude').fill('43.1250');
    await page.getByLabel('Longitude').fill('5.9310');
    await page.getByRole('button', { name: 'Create the station' }).click();
    await expect.poll(() => page.getByText('OCPP credentials: copy them now').count()).toBe(1);
    const password = (await page.locator('code').nth(2).textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{24}$/);
    await expect.poll(() => page.getByText(/^Peering failed: no peering is configured/).count()).toBe(1);
    charger = demoCharger(ocppId, password);
    await charger.connect();
    expect(
      await charger.call('BootNotification', { chargePointVendor: 'Wallbox', chargePointModel: 'Commander 2' }),
    ).toMatchObject({
      status: 'Accepted',
    });
  });
});
