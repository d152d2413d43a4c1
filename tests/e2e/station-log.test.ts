/**
 * The OCPP log screen: a charge point (ocpp-rpc, strict mode) reports a fault; a maintainer opens
 * the connector's log, newest first (or oldest first on request), filters it by error code (kept in
 * the URL) and expands the frame.
 */
import type { RPCClient } from 'ocpp-rpc';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { demoCharger } from '../ocpp-live/helpers';
import { loggedInPage } from './browser';

const baseURL = inject('baseURL');
const STATION = 'VLT-LIL-003';
let page: Page;
let charger: RPCClient;

loggedInPage('maint-advanced@voltaria.test', {}, (opened) => {
  page = opened.page;
});
afterAll(async () => {
  await charger?.close({ force: true });
});

describe('OCPP log screen', () => {
  it('shows the frames in UTC, filters by error code in the URL and expands a frame', async () => {
    charger = demoCharger(STATION);
    await charger.connect();
    await charger.call('Heartbeat', {});
    await charger.call('StatusNotification', { connectorId: 2, errorCode: 'HighTemperature', status: 'Faulted' });

    await page.goto(`${baseURL}/connectors/maintenance/logs/${STATION}/${STATION}-2`);
    await expect.poll(() => page.getByRole('heading', { name: 'OCPP log' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Time (UTC)').count()).toBeGreaterThan(0);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: 'Heartbeat' }).count()).toBe(2);
    await expect.poll(() => rows.filter({ hasText: 'HighTemperature' }).count()).toBe(1);

    // Newest first: the fault (sent last) is above the heartbeats; "Oldest first" turns the window round.
    const times = () =>
      page.locator('tbody time').evaluateAll((ts) => ts.map((el) => el.getAttribute('datetime') ?? ''));
    const first = () => rows.first().textContent();
    expect(await first()).toContain('StatusNotification');
    const shown = await times();
    expect(shown).toEqual([...shown].sort().reverse());
    await page.getByLabel('Order').selectOption('asc');
    await page.waitForURL(/order=asc/);
    await expect.poll(times).toEqual([...shown].reverse());
    await page.getByLabel('Order').selectOption('');
    await page.waitForURL((url) => !url.search.includes('order='));

    await page.getByLabel('Error code').selectOption('HighTemperature');
    await page.waitForURL(/error=HighTemperature/);
    await expect.poll(() => rows.filter({ hasText: 'Heartbeat' }).count()).toBe(0);
    await expect.poll(() => rows.filter({ hasText: 'HighTemperature' }).count()).toBe(1);

    await rows.filter({ hasText: 'HighTemperature' }).getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.getByTestId('frame').textContent()).toContain('"errorCode": "HighTemperature"');

    // The filter survives a reload: it lives in the URL.
    await page.reload();
    await expect.poll(() => page.getByLabel('Error code').inputValue()).toBe('HighTemperature');

    // Nothing on another error code: the empty state says so.
    await page.goto(`${baseURL}/connectors/maintenance/logs/${STATION}?error=WeakSignal`);
    await expect.poll(() => page.getByText('No log entries').count()).toBe(1);
  });
});
