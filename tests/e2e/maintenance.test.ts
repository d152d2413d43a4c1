/**
 * An operator opens a connector whose charge point (ocpp-rpc, strict mode) is connected, unlocks it
 * after confirming, sees the charge point's own answer and the customer-service log entry; a view-only
 * user (role 32) sees no command button and the API refuses the command with 403; an operator starts a
 * session for a user with an active card and the back office records it as a remote start.
 */
import type { RPCClient } from 'ocpp-rpc';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, apiLogin, connectorIdOf, demoCharger } from '../ocpp-live/helpers';
import { loginWithEmailCode, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let charger: RPCClient;
let unlocks = 0;

beforeAll(async () => {
  browser = await openBrowser(baseURL);
  charger = demoCharger('VLT-LIL-001');
  charger.handle('UnlockConnector', async () => {
    unlocks += 1;
    return { status: 'Unlocked' };
  });
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'Maint' });
});
afterAll(async () => {
  await charger?.close({ force: true });
  await browser.close();
});

describe('maintenance screen', () => {
  it("unlocks a connected connector and shows the charge point's answer and the log entry", async () => {
    page = await browser.context.newPage();
    await loginWithEmailCode(page, baseURL, 'maint-advanced@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    const cookie = (await browser.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const id = await connectorIdOf(cookie, 'VLT-LIL-001-1');

    await page.goto(`/connectors/${id}/detail`);
    await page.getByRole('link', { name: 'Maintenance', exact: true }).first().click();
    await page.waitForURL(`**/connectors/${id}/maintenance`);

    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Unlock FR*VLT*EVLTLIL0011?').isVisible()).toBe(true);
    expect(unlocks).toBe(0); // nothing is sent before the confirmation
    await dialog.getByRole('button', { name: 'Send to the charge point' }).click();

    await expect
      .poll(() => page.getByTestId('command-answer').textContent())
      .toBe('The charge point answered Unlocked to Unlock.');
    expect(unlocks).toBe(1);
    // The connector's customer-service log on the page shows the entry after the action revalidates.
    const entry = page.getByText('UnlockConnector', { exact: true }).first();
    await expect.poll(() => entry.isVisible()).toBe(true);
    await entry.click();
    const modal = page.getByRole('dialog');
    await expect.poll(() => modal.getByText('Charge point answer: Unlocked').isVisible()).toBe(true);
    expect(await modal.getByText('Success').first().isVisible()).toBe(true);

    await page.goto('/connectors/customer-service-logs?keyword=VLT-LIL-001');
    await expect.poll(() => page.getByRole('row', { name: /UnlockConnector/ }).count()).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('row', { name: /UnlockConnector/ })
        .first()
        .textContent(),
    ).toContain('maint-advanced@voltaria.test');
  });

  it('edits a station with the spec rules, and shows open tickets by priority', async () => {
    const cookie = (await browser.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const id = await connectorIdOf(cookie, 'VLT-LIL-002-1');
    const connector = (await (await api(`/connectors/${id}`, { cookie })).json()) as { station: { id: number } };
    await page.goto(`/connectors/${id}/maintenance/station/${connector.station.id}/update/VLT-LIL-002-1`);
    const latitude = page.getByLabel('Latitude');
    await latitude.fill('50,64');
    await page.getByRole('button', { name: 'Save' }).click();
    const coordinates =
      'Check the coordinate format: latitude from -90 to 90 and longitude from -180 to 180, with a dot as decimal separator.';
    await expect.poll(() => page.getByText(coordinates).first().isVisible()).toBe(true);
    expect(await latitude.inputValue()).toBe('50,64'); // nothing typed is lost
    await latitude.fill('50.6412');
    await page.getByLabel('Directions').fill('Car park level -1, bay 12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Station saved.').isVisible()).toBe(true);
    const saved = (await (await api(`/stations/${connector.station.id}/detail`, { cookie })).json()) as {
      latitude: number;
      directions: string;
    };
    expect(saved).toMatchObject({ latitude: 50.6412, directions: 'Car park level -1, bay 12' });

    await page.goto('/maintainer/overview');
    await expect.poll(() => page.getByText('Ground failure reported').isVisible()).toBe(true);
    expect(await page.locator('section[aria-label="Critical"] p').textContent()).toBe('1');
  });

  it('starts a session for a user with an active card, recorded as a remote start (issue 24 §1, §6)', async () => {
    const starts: unknown[] = [];
    charger.handle('RemoteStartTransaction', async ({ params }) => {
      starts.push(params);
      return { status: 'Accepted' };
    });
    await charger.call('StatusNotification', { connectorId: 2, errorCode: 'NoError', status: 'Available' });
    // The maintenance engineer of the first test starts it for the demo admin, who holds an active card
    // (no new login: the e-mailed code is limited to five per account and quarter of an hour).
    const admin = page;
    const cookie = (await browser.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const id = await connectorIdOf(cookie, 'VLT-LIL-001-2');

    await admin.goto(`/connectors/${id}/maintenance`);
    await admin.getByRole('button', { name: 'Start a session', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Find a user').fill('admin@voltaria.test');
    // The user holds an active card: the choice is offered, not greyed out as "No active RFID card".
    const choice = dialog.getByRole('radio', { name: /admin@voltaria\.test/ });
    await expect.poll(() => choice.count()).toBe(1);
    expect(await choice.isEnabled()).toBe(true);
    await choice.check({ force: true }); // Polaris draws its own radio over the input
    await dialog.getByRole('button', { name: 'Send to the charge point' }).click();
    await expect
      .poll(() => admin.getByTestId('command-answer').textContent())
      .toMatch(/^The charge point answered Accepted to /);
    expect(starts).toEqual([{ connectorId: 2, idTag: 'DEMO-RFID-0003' }]);

    // The charge point starts the transaction: the back office records it as a remote start.
    const startedAt = Date.now() - 120_000;
    const started = (await charger.call('StartTransaction', {
      connectorId: 2,
      idTag: 'DEMO-RFID-0003',
      meterStart: 0,
      timestamp: new Date(startedAt).toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    await admin.reload();
    await expect.poll(() => admin.getByText('admin@voltaria.test · Remote').count()).toBeGreaterThan(0);
    // A short charge with meter values, so the session has a power curve like any other.
    const at = (s: number) => new Date(startedAt + s * 1000).toISOString();
    const sample = (s: number, wh: number, kw: number) => ({
      timestamp: at(s),
      sampledValue: [
        { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        { value: String(kw), measurand: 'Power.Active.Import', unit: 'kW' },
      ],
    });
    await charger.call('MeterValues', {
      connectorId: 2,
      transactionId: started.transactionId,
      meterValue: [sample(30, 90, 11)],
    });
    await charger.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 180,
      timestamp: at(60),
      transactionData: [sample(60, 180, 11)],
    });
  });

  it('shows a view-only user no command button, and the API answers 403', async () => {
    await browser.context.clearCookies();
    const viewPage = await browser.context.newPage();
    await loginWithEmailCode(viewPage, baseURL, 'cpm-view@voltaria-sud.test');
    await viewPage.waitForURL('**/connectors/overview');
    const cookie = await apiLogin('cpm-view@voltaria-sud.test');
    const id = await connectorIdOf(cookie, 'VLT-NIC-003-1');

    await viewPage.goto(`/connectors/${id}/maintenance`);
    await expect
      .poll(() => viewPage.getByText('Your role lets you view this connector but not send commands to it.').isVisible())
      .toBe(true);
    for (const name of ['Unlock', 'Soft reset', 'Hard reset', 'Start a session', 'Set station out of order']) {
      expect(await viewPage.getByRole('button', { name, exact: true }).count()).toBe(0);
    }
    const res = await api(`/maintenance/${id}/unlock`, { cookie, method: 'POST' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('sends a support agent (role 52) to the support page of a connector', async () => {
    await browser.context.clearCookies();
    const support = await browser.context.newPage();
    await loginWithEmailCode(support, baseURL, 'support@voltaria.test');
    await support.waitForURL('**/connectors/support'); // support agents land on the connector search
    const cookie = await apiLogin('support@voltaria.test');
    const id = await connectorIdOf(cookie, 'VLT-LYO-001-2');
    await support.goto(`/connectors/${id}/maintenance`);
    await support.waitForURL(`**/connectors/${id}/support`);
    await expect.poll(() => support.getByRole('heading', { name: 'Support: FR*VLT*EVLTLYO0012' }).count()).toBe(1);
    // The demo log holds an unlock on this connector; the agent reads it but has no command button.
    await expect.poll(() => support.getByText('UnlockConnector', { exact: true }).count()).toBeGreaterThan(0);
    expect(await support.getByRole('button', { name: 'Unlock', exact: true }).count()).toBe(0);
  });
});
