/**
 * A prepaid wallet enforced at a live charge point (issue 18 part 3): the fleet manager gets a wallet
 * of their own holding a small balance; their card starts a session at a public DC station, whose
 * meter values (the simulator's model, at its default interval) push the running price past the
 * balance; the back office sends one RemoteStopTransaction; after StopTransaction (sent twice, as a
 * charge point may) the wallet is debited once and is left at most one meter interval's price below
 * zero; the same card is then refused (Blocked). The overshoot is printed for docs/benchmarks.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../scripts/simulator/args';
import { DEMO_STATIONS } from '../../scripts/simulator/demo-stations';
import { type MeterReading, nextReading, toMeterValue } from '../../scripts/simulator/meter';
import { api, apiLogin, demoCharger } from './helpers';

const STATION = 'VLT-BOR-003'; // public, DC, operated by Voltaria
const CARD = 'DEMO-RFID-0001'; // fleet-manager@fleetwise.test: no wallet of their own in the demo
const BALANCE = 300; // 3.00 EUR
const INTERVAL_S = parseArgs([]).meterIntervalSeconds;
const spec = DEMO_STATIONS.find((s) => s.id === STATION);
const charger = demoCharger(STATION);
const stops: { transactionId?: number }[] = [];
let billing = '';
let walletId = 0;

type IdTagInfo = { status: string };
type Entry = { kind: string; amount: number; balanceAfter: number; sessionId: number | null };
const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const adjust = (amount: number, reason: string) =>
  api(`/wallet/${walletId}/adjustments`, {
    cookie: billing,
    method: 'POST',
    body: JSON.stringify({ amount, reason, reference: crypto.randomUUID() }),
  });
const balance = async () => (await json<{ balance: number }>(api(`/wallet/${walletId}`, { cookie: billing }))).balance;
const entries = async () =>
  (await json<{ data: Entry[] }>(api(`/wallet/${walletId}/entries?itemsPerPage=100`, { cookie: billing }))).data;

beforeAll(async () => {
  billing = await apiLogin('billing@voltaria.test');
  const manager = await apiLogin('fleet-manager@fleetwise.test');
  const me = await json<{ user: { id: number; companyId: number } }>(api('/me', { cookie: manager }));
  const created = await api('/wallet', {
    cookie: billing,
    method: 'POST',
    body: JSON.stringify({ companyId: me.user.companyId, userId: me.user.id, name: 'Live wallet test' }),
  });
  expect(created.status).toBe(201);
  walletId = ((await created.json()) as { id: number }).id;
  expect((await adjust(BALANCE, 'Live test: a small prepaid balance')).status).toBe(201);
  charger.handle('RemoteStopTransaction', async ({ params }) => {
    stops.push((params ?? {}) as { transactionId?: number });
    return { status: 'Accepted' };
  });
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'Alpitronic', chargePointModel: 'HYC150' });
  await charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
});

afterAll(async () => {
  // The demo manager is left without a wallet of their own again (the company's pays, as seeded).
  if (walletId) {
    const left = await balance();
    if (left !== 0) await adjust(-left, 'Live test: back to zero');
    await api(`/wallet/${walletId}`, { cookie: billing, method: 'DELETE' });
  }
  await charger.close({ force: true });
});

describe('a prepaid wallet at a live charger', () => {
  it('stops the session its balance cannot pay, debits it once, and then refuses the card', async () => {
    if (!spec) throw new Error(`no simulator spec for ${STATION}`);
    expect(await balance()).toBe(BALANCE);
    expect(((await charger.call('Authorize', { idTag: CARD })) as { idTagInfo: IdTagInfo }).idTagInfo.status).toBe(
      'Accepted',
    );
    // Charging started ten minutes ago (simulated time), one MeterValues per simulator interval since.
    const t0 = Date.now() - 600_000;
    const start = (await charger.call('StartTransaction', {
      connectorId: 1,
      idTag: CARD,
      meterStart: 0,
      timestamp: new Date(t0).toISOString(),
    })) as { transactionId: number; idTagInfo: IdTagInfo };
    expect(start.idTagInfo.status).toBe('Accepted');
    const meter = { powerType: spec.powerType, limitW: spec.maxPowerW };
    let reading: MeterReading = { energyWh: 0, powerW: 0, voltageV: 400, currentA: [0], socPercent: 20 };
    let previousWh = 0;
    let intervals = 0;
    const before = stops.length;
    while (stops.length === before && intervals < 600_000 / 1000 / INTERVAL_S) {
      previousWh = reading.energyWh;
      reading = nextReading(reading, INTERVAL_S, meter);
      intervals++;
      await charger.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [toMeterValue(reading, 'Sample.Periodic', new Date(t0 + intervals * INTERVAL_S * 1000))],
      });
      // The stop goes out right after the reply to the MeterValues that used the balance up.
      for (let i = 0; i < 10 && stops.length === before; i++) await wait(100);
    }
    expect(stops.slice(before)).toEqual([{ transactionId: start.transactionId }]);
    const stop = {
      transactionId: start.transactionId,
      meterStop: Math.round(reading.energyWh),
      timestamp: new Date(t0 + intervals * INTERVAL_S * 1000).toISOString(),
      reason: 'Remote',
    };
    await charger.call('StopTransaction', stop);
    await charger.call('StopTransaction', stop);

    let debits: Entry[] = [];
    for (let i = 0; i < 100 && debits.length === 0; i++) {
      debits = (await entries()).filter((e) => e.kind === 'session_debit' && e.sessionId === start.transactionId);
      if (debits.length === 0) await wait(200);
    }
    expect(debits).toHaveLength(1);
    const debit = -(debits[0]?.amount ?? 0);
    const after = await balance();
    expect(after).toBe(BALANCE - debit);
    // One interval's price: the session's price for the energy of its last interval (same duration as the others).
    const intervalPrice = Math.ceil((debit * (reading.energyWh - previousWh)) / reading.energyWh);
    expect(after).toBeGreaterThanOrEqual(-intervalPrice);
    console.log(`wallet overshoot: ${Math.max(0, -after)} minor units at ${INTERVAL_S} s interval`);

    expect(((await charger.call('Authorize', { idTag: CARD })) as { idTagInfo: IdTagInfo }).idTagInfo.status).toBe(
      'Blocked',
    );
    const again = (await charger.call('StartTransaction', {
      connectorId: 1,
      idTag: CARD,
      meterStart: Math.round(reading.energyWh),
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: IdTagInfo };
    expect(again.idTagInfo.status).toBe('Blocked');
    await charger.call('StopTransaction', {
      transactionId: again.transactionId,
      meterStop: Math.round(reading.energyWh),
      timestamp: new Date().toISOString(),
      reason: 'DeAuthorized',
    });
  });
});
