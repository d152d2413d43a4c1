/**
 * Who may charge, enforced at a live charge point (issue 6 part 12): a strict-mode ocpp-rpc client
 * (replies checked against the OCA 1.6 schemas) presents the demo cards at a public station and gets
 * the right idTagInfo for a blocked card, an expired card, a missing permission and a spent limit in
 * kWh and in EUR; a session that spends what is left is stopped with one RemoteStopTransaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EUR_CARD, DEMO_EUR_SPENT_CARD } from '../../drizzle/seed/demo-limits';
import { api, apiLogin, demoCharger } from './helpers';

const STATION = 'VLT-BOR-001'; // public, operated by Voltaria
const charger = demoCharger(STATION);
const stops: { transactionId?: number }[] = [];
let manager = '';
let driverId = 0;
let dailyBefore: number | null = null;

type IdTagInfo = { status: string; expiryDate?: string };
const authorize = async (idTag: string) =>
  ((await charger.call('Authorize', { idTag })) as { idTagInfo: IdTagInfo }).idTagInfo;
const iso = (offsetS = 0) => new Date(Date.now() + offsetS * 1000).toISOString();
const register = (wh: number) => [
  { timestamp: iso(), sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] },
];
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  return check();
};

beforeAll(async () => {
  manager = await apiLogin('fleet-manager@fleetwise.test');
  charger.handle('RemoteStopTransaction', async ({ params }) => {
    stops.push((params ?? {}) as { transactionId?: number });
    return { status: 'Accepted' };
  });
  await charger.connect();
  await charger.call('BootNotification', { chargePointVendor: 'Wallbox', chargePointModel: 'Commander 2' });
  await charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
});
afterAll(async () => {
  // The demo driver gets the daily limit back.
  if (driverId) {
    await api(`/users/${driverId}/limit`, {
      cookie: manager,
      method: 'POST',
      body: JSON.stringify({ daily: dailyBefore ?? 0 }),
    });
  }
  await charger.close({ force: true });
});

/** A session on connector 1 that charges `wh`; returns the transaction id and how it was answered. */
/**
 * Ten minutes ago, but never before today's midnight in the fleet's time zone (Europe/Paris): a
 * session started yesterday counts toward yesterday's daily limit, so a run just after midnight
 * would otherwise never reach today's.
 */
function startedAt(): string {
  const now = Date.now();
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnightMs = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000;
  return new Date(Math.max(now - 600_000, now - sinceMidnightMs + 1000)).toISOString();
}

async function charge(idTag: string, wh: number) {
  const start = (await charger.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 0,
    timestamp: startedAt(),
  })) as { transactionId: number; idTagInfo: IdTagInfo };
  await charger.call('MeterValues', { connectorId: 1, transactionId: start.transactionId, meterValue: register(wh) });
  return start;
}

describe('the charger refuses with the right OCPP status', () => {
  it('Blocked for a blocked card', async () => {
    expect(await authorize('DEMO-RFID-0004')).toEqual({ status: 'Blocked' });
  });

  it('Expired, with the expiry date, for an expired card', async () => {
    expect(await authorize('DEMO-RFID-0005')).toEqual({ status: 'Expired', expiryDate: '2026-01-01T00:00:00.000Z' });
  });

  it('Blocked for a driver whose permissions exclude public stations (only private)', async () => {
    expect(await authorize('DEMO-RFID-0007')).toEqual({ status: 'Blocked' });
  });

  it('Invalid for a card in stock and for an unknown card', async () => {
    expect(await authorize('DEMO-RFID-0006')).toEqual({ status: 'Invalid' });
    expect(await authorize('NOT-A-CARD-42')).toEqual({ status: 'Invalid' });
  });

  it('Blocked once a kWh limit is spent: the session that spends it is stopped once', async () => {
    const list = await api('/users', {
      cookie: manager,
      method: 'POST',
      body: JSON.stringify({ keyword: 'rfid@fleetwise.test' }),
    });
    const user = ((await list.json()) as { data: { id: number; email: string }[] }).data.find(
      (u) => u.email === 'rfid@fleetwise.test',
    );
    if (!user) throw new Error('no demo driver rfid@fleetwise.test');
    driverId = user.id;
    const detail = (await (await api(`/users/${user.id}`, { cookie: manager })).json()) as {
      limits: { daily: number | null };
      usage: { period: string; used: number }[];
    };
    dailyBefore = detail.limits.daily;
    const usedKwh = detail.usage.find((u) => u.period === 'daily')?.used ?? 0;
    const limit = Math.floor(usedKwh) + 1;
    const set = await api(`/users/${user.id}/limit`, {
      cookie: manager,
      method: 'POST',
      body: JSON.stringify({ daily: limit }),
    });
    expect(set.status).toBe(200);
    const left = Math.round((limit - usedKwh) * 1000);

    expect(await authorize('DEMO-RFID-0002')).toEqual({ status: 'Accepted' });
    const before = stops.length;
    const { transactionId, idTagInfo } = await charge('DEMO-RFID-0002', left + 50);
    expect(idTagInfo.status).toBe('Accepted');
    expect(await until(() => stops.length > before)).toBe(true);
    expect(stops.at(-1)).toEqual({ transactionId });
    await charger.call('StopTransaction', { transactionId, meterStop: left + 60, timestamp: iso(), reason: 'Remote' });
    expect(stops.length).toBe(before + 1);

    expect(await authorize('DEMO-RFID-0002')).toEqual({ status: 'Blocked' });
  });

  it('Blocked for a driver whose daily budget in EUR is spent', async () => {
    expect(await authorize(DEMO_EUR_SPENT_CARD)).toEqual({ status: 'Blocked' });
    const start = (await charger.call('StartTransaction', {
      connectorId: 1,
      idTag: DEMO_EUR_SPENT_CARD,
      meterStart: 0,
      timestamp: iso(),
    })) as { transactionId: number; idTagInfo: IdTagInfo };
    expect(start.idTagInfo).toEqual({ status: 'Blocked' });
    // A charge point told Blocked stops the transaction it had started.
    await charger.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 0,
      timestamp: iso(),
      reason: 'DeAuthorized',
    });
  });

  it('accepts a driver with EUR left, stops the session that spends it, then refuses', async () => {
    expect(await authorize(DEMO_EUR_CARD)).toEqual({ status: 'Accepted' });
    const before = stops.length;
    // 8.80 EUR are left of the month; 60 kWh cost more than that under any demo driver tariff.
    const { transactionId, idTagInfo } = await charge(DEMO_EUR_CARD, 60_000);
    expect(idTagInfo.status).toBe('Accepted');
    expect(await until(() => stops.length > before)).toBe(true);
    expect(stops.at(-1)).toEqual({ transactionId });
    await charger.call('StopTransaction', { transactionId, meterStop: 60_000, timestamp: iso(), reason: 'Remote' });
    expect(await authorize(DEMO_EUR_CARD)).toEqual({ status: 'Blocked' });
  });
});
