/**
 * An operator watches the network live: a charge point (ocpp-rpc, strict mode) reports a status and
 * the overview's totals change without a reload, through the ChargePoint object and the live feed.
 */
import type { RPCClient } from 'ocpp-rpc';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCharger } from '../ocpp-live/helpers';
import { loggedInPage } from './browser';

let page: Page;
let charger: RPCClient;

loggedInPage('cpm-view@voltaria-sud.test', { landing: '**/connectors/overview' }, (opened) => {
  page = opened.page;
});
afterAll(async () => {
  await charger?.close({ force: true });
});

/** The number on the overview card of a status bucket (each card is a section labelled by its status). */
async function countOf(label: string): Promise<number> {
  return Number(await page.locator(`section[aria-label="${label}"] p`).first().textContent());
}

describe('live overview', () => {
  it('counts a connector that starts charging without reloading the page', async () => {
    const charging = await countOf('Charging');
    const offline = await countOf('Offline');
    charger = demoCharger('VLT-NIC-002');
    await charger.connect();
    await charger.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'Live' });
    // VLT-NIC-002 was offline (both connectors counted offline); online, its connector 2 charges.
    await charger.call('StatusNotification', { connectorId: 2, errorCode: 'NoError', status: 'Charging' });
    await expect.poll(() => countOf('Charging')).toBe(charging + 1);
    await expect.poll(() => countOf('Offline')).toBe(offline - 2);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });
});
