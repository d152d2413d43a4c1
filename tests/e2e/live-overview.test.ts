/**
 * An operator watches the network live: a charge point (ocpp-rpc, strict mode) reports a status and
 * the overview's totals change without a reload, through the ChargePoint object and the live feed.
 */
import type { RPCClient } from 'ocpp-rpc';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoCharger } from '../ocpp-live/helpers';
import { loginWithEmailCode, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let charger: RPCClient;

beforeAll(async () => {
  browser = await openBrowser(baseURL);
  page = await browser.context.newPage();
  await loginWithEmailCode(page, baseURL, 'cpm-view@voltaria-sud.test');
  await page.waitForURL('**/connectors/overview');
});
afterAll(async () => {
  await charger?.close({ force: true });
  await browser.close();
});

/** The number on the overview card of a status bucket (each card is a section labelled by its status). */
async function countOf(label: string): Promise<number> {
  return Number(await page.locator(`section[aria-label="${label}"] p`).first().textContent());
}

describe('live overview', () => {
  it('counts a connector that starts charging without reloading the page', async () => {
    const charging = await countOf('Charging');
    const available = await countOf('Available');
    charger = demoCharger('VLT-NIC-002');
    await charger.connect();
    await charger.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'Live' });
    // VLT-NIC-002 connector 2 is available in the demo data; it becomes occupied.
    await charger.call('StatusNotification', { connectorId: 2, errorCode: 'NoError', status: 'Charging' });
    await expect.poll(() => countOf('Charging')).toBe(charging + 1);
    expect(await countOf('Available')).toBe(available - 1);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });
});
