/**
 * End to end (issue 5 part 10): a simulated charge point (ocpp-rpc, strict mode) charges across the
 * 22:00 off-peak boundary under time-of-day tariffs of a customer group; the session closes, is
 * priced, and the session detail in Chromium shows each party's price and tariff lines.
 *
 * The figures below are computed by hand, not by the engine. Tuesday 10 March 2026, Lyon (CET =
 * UTC+1). The session runs 20:30–21:30 UTC = 21:30–22:30 local, 11 kWh before 22:00 and 11 after:
 * - provider (emp): 0,50 €/kWh before 22:00, 0,30 €/kWh from 22:00, VAT 20 %:
 *   11 × 0,50 = 5,50 €; 11 × 0,30 = 3,30 €; net 8,80 €; VAT 1,76 €; total 10,56 €;
 * - sub-operator (cpo): 0,25 / 0,15 €/kWh: 2,75 € + 1,65 € = 4,40 €;
 * - owner (revenue): 0,10 €/kWh flat: 22 × 0,10 = 2,20 €.
 */

import type { RPCClient } from 'ocpp-rpc';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, apiLogin, demoCharger } from '../ocpp-live/helpers';
import { loginOnce, openBrowser } from './browser';

const baseURL = inject('baseURL');
const CARD = 'DEMO-RFID-0003'; // admin@voltaria.test's card
const VAT = 2000;
const T0 = Date.parse('2026-03-10T20:30:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

let cookie: string;
let client: RPCClient;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  cookie = await apiLogin('admin@voltaria.test');
  client = demoCharger('VLT-LYO-001');
  await client.connect();
  browser = await openBrowser(baseURL);
  page = await browser.context.newPage();
});
afterAll(async () => {
  await client.close({ force: true });
  await browser.close();
});

async function post(path: string, body: unknown, method = 'POST') {
  const res = await api(path, { cookie, method, body: JSON.stringify(body) });
  const json = (await res.json()) as { data: { id: number } };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const energy = (price: number) => ({ type: 'ENERGY', price, vat_bp: VAT, step_size: 1 });
const timeOfDay = (peak: number, offPeak: number) => [
  { price_components: [energy(offPeak)], restrictions: { start_time: '22:00', end_time: '06:00' } },
  { price_components: [energy(peak)] },
];

describe('a priced charge across a time-of-day boundary', () => {
  it('prices each party with the customer group’s tariffs and shows the prices and lines', async () => {
    // The driver's customer group, and its tariffs: more specific than the demo tariffs, so they win.
    const me = (await (await api('/me', { cookie })).json()) as { user: { id: number } };
    const group = await post('/customer-type', { name: `E2E time of day ${Date.now()}` });
    await post(`/customer-type/${group.id}/users/${me.user.id}`, {}, 'PUT');
    const tariffs = [
      { type: 'emp', name: 'E2E provider', elements: timeOfDay(5000, 3000) },
      { type: 'cpo', name: 'E2E sub-operator', elements: timeOfDay(2500, 1500) },
      { type: 'revenue', name: 'E2E owner', elements: [{ price_components: [energy(1000)] }] },
    ];
    for (const t of tariffs) {
      const created = await post('/tariff', { ...t, customer_group_id: group.id, vat_included: false });
      await post(`/tariff/id/${created.id}/approve`, {});
    }

    // The charge: 22 kW for an hour, 11 kWh before 22:00 local and 11 kWh after.
    expect(
      await client.call('BootNotification', { chargePointVendor: 'Wallbox', chargePointModel: 'Commander 2' }),
    ).toMatchObject({ status: 'Accepted' });
    await client.call('StatusNotification', { connectorId: 2, errorCode: 'NoError', status: 'Preparing' });
    const start = (await client.call('StartTransaction', {
      connectorId: 2,
      idTag: CARD,
      meterStart: 100_000,
      timestamp: at(0),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(start.idTagInfo.status).toBe('Accepted');
    await client.call('StatusNotification', { connectorId: 2, errorCode: 'NoError', status: 'Charging' });
    for (const [minutes, wh] of [
      [15, 105_500],
      [30, 111_000],
      [45, 116_500],
    ] as const) {
      await client.call('MeterValues', {
        connectorId: 2,
        transactionId: start.transactionId,
        meterValue: [
          {
            timestamp: at(minutes),
            sampledValue: [
              { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        ],
      });
    }
    expect(
      await client.call('StopTransaction', {
        transactionId: start.transactionId,
        idTag: CARD,
        meterStop: 122_000,
        timestamp: at(60),
        reason: 'Local',
      }),
    ).toEqual({ idTagInfo: { status: 'Accepted' } });

    // Priced after the reply: wait for the close to be priced, then check the stored figures.
    const id = start.transactionId;
    const detail = async () =>
      (await (await api(`/sessions/${id}`, { cookie })).json()) as {
        session: Record<string, string | number | null>;
        parties: { party: string; tariff_lines: { dimension: string; excl_vat: number; incl_vat: number }[] }[];
      };
    await expect.poll(async () => (await detail()).session.pricing_status).toBe('priced');
    const { session, parties } = await detail();
    expect({
      energy: session.cdr_consumed_energy,
      emp_net: session.emp_price_net_total,
      emp_total: session.emp_price_total,
      vat: session.cdr_vat_value,
      subcpo: session.subcpo_price_total,
      owner: session.owner_price_total,
    }).toEqual({ energy: 22_000, emp_net: 880, emp_total: 1056, vat: 176, subcpo: 440, owner: 220 });
    const lines = (p: string) =>
      parties.find((x) => x.party === p)?.tariff_lines.map((l) => [l.dimension, l.excl_vat, l.incl_vat]);
    // In the order the session used them: before 22:00, then from 22:00.
    expect(lines('emp')).toEqual([
      ['ENERGY', 550, 660],
      ['ENERGY', 330, 396],
    ]);
    expect(lines('subcpo')).toEqual([
      ['ENERGY', 275, 330],
      ['ENERGY', 165, 198],
    ]);
    expect(lines('owner')).toEqual([['ENERGY', 220, 264]]);

    // The session detail in the browser.
    await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
    await page.goto(`/sessions/detail/${id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Prices per party' }).count()).toBe(1);
    const text = async (selector: string) =>
      ((await page.locator(selector).textContent()) ?? '').replace(/\u00a0/g, ' ');
    await expect.poll(() => page.locator('[data-testid="tariff-lines-emp"]').count()).toBe(1);
    const emp = await text('[data-testid="tariff-lines-emp"]');
    for (const figure of ['5,50 €', '6,60 €', '3,30 €', '3,96 €', '0,5000 €/kWh', '0,3000 €/kWh', 'E2E provider'])
      expect(emp).toContain(figure);
    const subcpo = await text('[data-testid="tariff-lines-subcpo"]');
    for (const figure of ['2,75 €', '1,65 €', 'E2E sub-operator']) expect(subcpo).toContain(figure);
    const owner = await text('[data-testid="tariff-lines-owner"]');
    for (const figure of ['2,20 €', '0,1000 €/kWh', 'E2E owner']) expect(owner).toContain(figure);
    const body = ((await page.locator('main').textContent()) ?? '').replace(/\u00a0/g, ' ');
    for (const figure of ['10,56 €', '8,80 €', '1,76 €', '4,40 €']) expect(body).toContain(figure);

    // And the customer group's session list shows it.
    await page.goto(`/customer-group/${group.id}/sessions/list`);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(((await page.locator('tbody').textContent()) ?? '').replace(/\u00a0/g, ' ')).toContain('10,56 €');
  });
});
