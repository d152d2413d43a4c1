/**
 * The station configuration page in Chromium: an advanced maintainer reads the keys a charge point
 * (ocpp-rpc, strict mode) reports, changes a writable one after confirming, and sees the charge
 * point's real answer; a station that is not connected shows the offline banner.
 */
import type { RPCClient } from 'ocpp-rpc';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, connectorIdOf, demoCharger } from '../ocpp-live/helpers';
import { loggedInPage } from './browser';

const EMAIL = 'maint-advanced@voltaria.test';
let page: Page;
let charger: RPCClient;
const changes: unknown[] = [];

beforeAll(async () => {
  charger = demoCharger('VLT-LIL-003');
  charger.handle('GetConfiguration', async () => ({
    configurationKey: [
      { key: 'HeartbeatInterval', readonly: false, value: '300' },
      { key: 'NumberOfConnectors', readonly: true, value: '2' },
    ],
  }));
  charger.handle('GetDiagnostics', async ({ params }) => {
    const { location } = params as { location: string };
    // Like a charger: answer first, then upload and report.
    setTimeout(async () => {
      await charger.call('DiagnosticsStatusNotification', { status: 'Uploading' });
      const put = await fetch(`${location}e2e-diag.txt`, { method: 'PUT', body: 'e2e diagnostics\n' });
      await charger.call('DiagnosticsStatusNotification', { status: put.ok ? 'Uploaded' : 'UploadFailed' });
    }, 200);
    return { fileName: 'e2e-diag.txt' };
  });
  charger.handle('ChangeConfiguration', async ({ params }) => {
    changes.push(params);
    return { status: 'RebootRequired' };
  });
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'E2E' });
});
loggedInPage(EMAIL, {}, (opened) => {
  page = opened.page;
});
afterAll(async () => {
  await charger?.close({ force: true });
});

describe('station configuration page', () => {
  it("reads the keys, changes a writable one and shows the charge point's answer", async () => {
    const cookie = await apiLogin(EMAIL);
    const connectorId = await connectorIdOf(cookie, 'VLT-LIL-003-1');
    await page.goto(`/connectors/${connectorId}/maintenance/station/VLT-LIL-003/configuration`);
    await expect.poll(() => page.getByRole('cell', { name: 'HeartbeatInterval', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'NumberOfConnectors', exact: true }).count()).toBe(1);
    // Read-only keys have no edit button.
    expect(await page.getByRole('button', { name: 'Edit NumberOfConnectors' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Edit HeartbeatInterval' }).click();
    await page.getByLabel('New value').fill('120');
    await page.getByRole('button', { name: 'Send to station' }).click();
    await expect
      .poll(() => page.getByTestId('command-outcome').textContent())
      .toBe('HeartbeatInterval: The station stored the value; it takes effect after a reboot.');
    expect(changes).toEqual([{ key: 'HeartbeatInterval', value: '120' }]);
  });

  it('requests diagnostics and lists the uploaded file once the station reports it', async () => {
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    await page.waitForURL('**/configuration?tab=diagnostics');
    await page.getByRole('button', { name: 'Request', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('command-outcome').textContent())
      .toBe('Diagnostics requested: the station answered Accepted.');
    // The status card re-reads while the upload is in progress; reload once if it settled before.
    await expect
      .poll(async () => {
        if ((await page.getByRole('cell', { name: 'e2e-diag.txt', exact: true }).count()) === 0) await page.reload();
        return page.getByRole('cell', { name: 'e2e-diag.txt', exact: true }).count();
      })
      .toBe(1);
    await expect.poll(() => page.getByText(/^Uploaded at /).count()).toBe(1);
  });

  it('shows a station that is not connected as offline, with its commands disabled', async () => {
    const cookie = await apiLogin(EMAIL);
    const connectorId = await connectorIdOf(cookie, 'VLT-LIL-001-1');
    await page.goto(`/connectors/${connectorId}/maintenance/station/VLT-LIL-001/configuration`);
    await expect.poll(() => page.getByText('Station offline').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Download configuration' }).isDisabled()).toBe(true);
  });
});
