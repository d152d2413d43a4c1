/**
 * An operator watches the network live: a charge point (ocpp-rpc, strict mode) reports a status and
 * the overview's totals change without a reload, through the ChargePoint object and the live feed.
 */
import { RPCClient } from 'ocpp-rpc';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_OCPP_PASSWORD } from '../../drizzle/seed/demo';
import { lastMailId, latestMail, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let charger: RPCClient;

beforeAll(async () => {
  browser = await openBrowser(baseURL);
  page = await browser.context.newPage();
  const email = 'cpm-view@voltaria-sud.test';
  const before = await lastMailId(baseURL, email);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Demo-2026!');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/2fa');
  const code = /\b(\d{6})\b/.exec((await latestMail(baseURL, email, before)).text)?.[1] ?? '';
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
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
    const options = {
      endpoint: `${baseURL.replace(/^http/, 'ws')}/ocpp`,
      identity: 'VLT-NIC-002',
      password: DEMO_OCPP_PASSWORD,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
    };
    charger = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    await charger.connect();
    await charger.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'Live' });
    // VLT-NIC-002 connector 2 is available in the demo data; it becomes occupied.
    await charger.call('StatusNotification', { connectorId: 2, errorCode: 'NoError', status: 'Charging' });
    await expect.poll(() => countOf('Charging')).toBe(charging + 1);
    expect(await countOf('Available')).toBe(available - 1);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });
});
