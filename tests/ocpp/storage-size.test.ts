/**
 * 24 simulated hours of one busy connector: 24 one-hour sessions, meter values every minute while
 * charging, heartbeats every 5 minutes. The object's storage must stay small (samples of closed
 * transactions move to D1 as a curve and are dropped); what grows is the frame log, which is
 * capped (FRAME_LOG_MAX_ROWS, FRAME_LOG_RETENTION_DAYS): the second test fills it past its cap.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { DEFAULT_MAX_ROWS, FrameLog } from '../../workers/ocpp/src/storage/frame-log';
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
    const { bytes, frames, logBytes } = await runInDurableObject(stub(w.uid), (_i, state) => {
      const sql = state.storage.sql;
      return {
        bytes: sql.databaseSize,
        frames: Number(sql.exec<{ n: number }>('SELECT count(*) AS n FROM frames').one().n),
        logBytes: Number(sql.exec<{ n: number }>('SELECT sum(length(frame)) AS n FROM frames').one().n),
      };
    });
    console.log(
      `[ocpp] ChargePoint storage after 24 busy hours: ${bytes} bytes, of which frame log ${frames} rows (${logBytes} bytes of frames)`,
    );
    // Every CALL and its answer are logged: 24 × (50 MeterValues + 10 Heartbeats + 4 statuses + start + stop), twice, plus boot and connect.
    expect(frames).toBe(2 * (24 * 66 + 1) + 1);
    // Without the log the object holds well under 512 KiB; the log adds its frames and a little per row.
    expect(bytes).toBeLessThan(512 * 1024 + logBytes + frames * 64);
    cp.close();
  });

  it('stays bounded when the frame log is full (default cap, MeterValues-sized frames)', {
    timeout: 120_000,
  }, async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    await cp.ok('Heartbeat', {});
    const frame = JSON.stringify([
      2,
      crypto.randomUUID(),
      'MeterValues',
      {
        connectorId: 1,
        transactionId: 123456,
        meterValue: [
          {
            timestamp: iso(DAY0),
            sampledValue: [
              { value: '1234567', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
              { value: '16', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
              { value: '230', measurand: 'Voltage', unit: 'V', phase: 'L1-N' },
            ],
          },
        ],
      },
    ]);
    const sizes = await runInDurableObject(stub(w.uid), (_i: ChargePoint, state) => {
      const log = new FrameLog(state.storage.sql, { maxAgeMs: 30 * 86_400_000, maxRows: DEFAULT_MAX_ROWS });
      const fill = (n: number) => {
        for (let i = 0; i < n; i++) {
          log.write({
            at: Date.now(),
            direction: 'in',
            messageType: 2,
            messageId: 'id',
            action: 'MeterValues',
            connectorId: 1,
            errorCode: null,
            eventType: 'MeterValues',
            frame,
          });
        }
        return state.storage.sql.databaseSize;
      };
      const full = fill(DEFAULT_MAX_ROWS + 1000);
      const twiceAsMany = fill(DEFAULT_MAX_ROWS);
      return { full, twiceAsMany, rows: log.count() };
    });
    console.log(
      `[ocpp] ChargePoint storage with a full frame log (${sizes.rows} rows of ${frame.length}-char frames): ${sizes.full} bytes; after as many again: ${sizes.twiceAsMany} bytes`,
    );
    expect(sizes.rows).toBeLessThanOrEqual(DEFAULT_MAX_ROWS + 256);
    // Deleted pages are reused: writing the cap again does not grow the file by more than a tenth.
    expect(sizes.twiceAsMany).toBeLessThan(sizes.full * 1.1);
    cp.close();
  });
});
