/**
 * A driver pays by QR code on a phone (issue 18 part 4), no login: the demo's QR station
 * (drizzle/seed/demo-qr.ts) is connected by an ocpp-rpc charge point in strict mode; the driver opens
 * /pay/{evseId}, sees the QR tariff's price and the hold, types an e-mail, "Pay and charge", pays on
 * the local Stripe server's card page with the working card and comes back to the status page; the
 * charge point accepts the remote start and charges with the one-time EP- id (StartTransaction,
 * MeterValues, StopTransaction); the status page then shows the captured amount and the receipt,
 * whose PDF downloads. A screenshot of each step goes to tests/.tmp/qr-journey/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { RPCClient } from 'ocpp-rpc';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_QR_STATION } from '../../drizzle/seed/demo-qr';
import { demoCharger } from '../ocpp-live/helpers';
import { hydrated, latestMail, openBrowser } from './browser';

const baseURL = inject('baseURL');
const stripeURL = inject('stripeURL');
const EVSE = 'FR*VLT*EVLTQR0011';
const SHOTS = 'tests/.tmp/qr-journey';

let context: BrowserContext;
let close: () => Promise<void>;
let page: Page;
let charger: RPCClient;
let step = 0;
const remoteStarts: { connectorId?: number; idTag: string }[] = [];

async function shot(name: string) {
  step += 1;
  await page.screenshot({ path: `${SHOTS}/${String(step).padStart(2, '0')}-${name}.png`, fullPage: true });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ context, close } = await openBrowser(baseURL));
  page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  charger = demoCharger(DEMO_QR_STATION);
  charger.handle('RemoteStartTransaction', async ({ params }) => {
    remoteStarts.push(params as { connectorId?: number; idTag: string });
    return { status: 'Accepted' };
  });
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'Wallbox', chargePointModel: 'Commander 2' });
  await charger.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available' });
  await charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
});

afterAll(async () => {
  await charger?.close({ force: true });
  await close?.();
});

describe('pay by QR code on a phone', () => {
  it('pays, charges with the one-time id, and shows the captured amount and the receipt', async () => {
    await page.goto(`/pay/${encodeURIComponent(EVSE)}`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Pay and charge' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Paris Résidence Voltaire (QR)').count()).toBe(1);
    await expect.poll(() => page.getByText('Available', { exact: true }).count()).toBe(1);
    // The demo QR tariff (0.59 € per kWh and 1.20 € per hour, plus 20 % VAT) and the operator's hold.
    await expect.poll(() => page.getByText(/^0,7080\s€ per kWh$/).count()).toBe(1);
    await expect.poll(() => page.getByText(/^1,4400\s€ per hour$/).count()).toBe(1);
    await expect.poll(() => page.getByText(/^Held on your card: 25,00\s€$/).count()).toBe(1);
    await shot('offer');

    await page.getByLabel('E-mail for the receipt (optional)').fill('driver@example.test');
    await shot('email');
    await page.getByRole('button', { name: 'Pay and charge' }).click();
    // The card step: Stripe Checkout's page (the local Stripe server's stand-in), the hold as its total.
    await page.waitForURL((url) => url.href.startsWith(`${stripeURL}/dev/checkout/`));
    await expect.poll(() => page.getByText('Total: 2500 eur (minor units).').count()).toBe(1);
    await shot('card-page');

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(`${baseURL}/pay/status?`));
    await hydrated(page);
    const token = new URL(page.url()).searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await shot('returned');
    // The card step confirmed (webhook or the page's refresh) moves it to the remote start.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => page.getByText('Plug in your vehicle: the charger is starting.').count()).toBe(1);
    await shot('starting');

    await expect.poll(() => remoteStarts.length).toBe(1);
    const idTag = remoteStarts[0]?.idTag ?? '';
    expect(idTag).toMatch(/^EP-[A-Z0-9]{16}$/);
    expect(remoteStarts[0]?.connectorId).toBe(1);
    const t0 = Date.now();
    await charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
    const start = (await charger.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: new Date(t0).toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(start.idTagInfo.status).toBe('Accepted');
    await charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => page.getByText('Charging. Stop on the charger or your vehicle when you are done.').count())
      .toBe(1);
    await shot('charging');

    await charger.call('MeterValues', {
      connectorId: 1,
      transactionId: start.transactionId,
      meterValue: [
        {
          timestamp: new Date(t0 + 30_000).toISOString(),
          sampledValue: [{ value: '5000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
    await charger.call('StopTransaction', {
      transactionId: start.transactionId,
      idTag,
      meterStop: 10_000,
      timestamp: new Date(t0 + 60_000).toISOString(),
      reason: 'Local',
    });
    await charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Finishing' });

    // 10 kWh at 0.7080 € + 1 minute at 1.44 €/h: 7.10 € captured of the 25.00 € held.
    await expect
      .poll(async () => {
        const refresh = page.getByRole('button', { name: 'Refresh' });
        if ((await refresh.count()) === 1 && (await refresh.isEnabled())) await refresh.click();
        return page.getByText('Charging finished and paid.').count();
      })
      .toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Receipt' }).count()).toBe(1);
    await shot('captured');
    const paid = page.getByText('Paid', { exact: true }).locator('..');
    await expect.poll(() => paid.textContent()).toMatch(/Paid7,10\s€/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the receipt (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 8)
        .toString('latin1'),
    ).toBe('%PDF-1.4');
    await shot('receipt-downloaded');
    // The e-mail typed on the first page gets the receipt, whose link opens it again.
    const mail = await latestMail(baseURL, 'driver@example.test');
    expect(mail.subject).toBe('Your charging receipt: Paris Résidence Voltaire (QR)');
    expect(mail.text).toContain('Paid: 7,10');
    const link = /^Receipt: (\S+)$/m.exec(mail.text)?.[1] ?? '';
    expect(link.startsWith(`${baseURL}/`)).toBe(true);
    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { name: 'Receipt' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Download the receipt (PDF)' }).count()).toBe(1);
    await shot('receipt-from-email');
  });
});
