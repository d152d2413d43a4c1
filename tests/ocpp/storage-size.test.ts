/**
 * 24 simulated hours of one busy connector: 24 one-hour sessions, meter values every minute while
 * charging, heartbeats every 5 minutes. The object's storage must stay small (samples of closed
 * transactions move to D1 as a curve and are dropped).
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { aStation, connect, iso, stub } from './helpers';

const DAY0 = Date.UTC(2026, 10, 20, 0, 0, 0);

describe('ChargePoint storage over a busy day', () => {
  it('stays bounded after 24 hours of sessions', { timeout: 120_000 }, async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' });
    let meter = 0;
    for (let h = 0; h < 24; h++) {
      const t = (m: number) => iso(DAY0 + h * 3_600_000 + m * 60_000);
      const status = (m: number, s: string) =>
        cp.ok('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: s, timestamp: t(m) });
      await status(0, 'Preparing');
      const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', {
        connectorId: 1,
        idTag: w.idTag,
        meterStart: meter,
        timestamp: t(1),
      });
      await status(2, 'Charging');
      for (let m = 2; m <= 51; m++) {
        meter += 183;
        await cp.ok('MeterValues', {
          connectorId: 1,
          transactionId,
          meterValue: [
            {
              timestamp: t(m),
              sampledValue: [
                { value: String(meter), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
                { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
                { value: '16', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
                { value: '230', measurand: 'Voltage', unit: 'V', phase: 'L1-N' },
              ],
            },
          ],
        });
        if (m % 5 === 0) await cp.ok('Heartbeat', {});
      }
      await status(52, 'SuspendedEV');
      await cp.ok('StopTransaction', { transactionId, meterStop: meter, timestamp: t(58), reason: 'EVDisconnected' });
      await status(59, 'Available');
    }
    const bytes = await runInDurableObject(stub(w.uid), (_i, state) => state.storage.sql.databaseSize);
    console.log(`[ocpp] ChargePoint storage after 24 busy hours: ${bytes} bytes`);
    expect(bytes).toBeLessThan(512 * 1024);
    cp.close();
  });
});
