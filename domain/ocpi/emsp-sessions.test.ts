import { describe, expect, it } from 'vitest';
import type { CdrPrices } from '../pricing';
import { driverPrice, meterCurveOf, minorOf, sessionStateOf, startMethodOf, stopChargingAtOf } from './emsp-sessions';

const at = (hm: string) => `2026-11-20T${hm}:00Z`;

describe('roaming sessions as e-mobility provider', () => {
  it('maps states, start methods and amounts', () => {
    expect(sessionStateOf('ACTIVE')).toBe('in_progress');
    expect(sessionStateOf('PENDING')).toBe('in_progress');
    expect(sessionStateOf('COMPLETED')).toBe('closed');
    expect(sessionStateOf('INVALID')).toBe('closed');
    expect(startMethodOf('APP_USER')).toBe('APP');
    expect(startMethodOf('RFID')).toBe('RFID');
    expect(minorOf(4.845)).toBe(485);
    expect(minorOf(undefined)).toBeNull();
  });

  it('turns charging periods into the meter curve the engine reads, energy before each period', () => {
    const periods = [
      { start_date_time: at('10:30'), dimensions: [{ type: 'ENERGY' as const, volume: 2 }] },
      {
        start_date_time: at('10:00'),
        dimensions: [
          { type: 'ENERGY' as const, volume: 5 },
          { type: 'MAX_POWER' as const, volume: 11 },
        ],
      },
      { start_date_time: at('11:00'), dimensions: [{ type: 'PARKING_TIME' as const, volume: 0.5 }] },
    ];
    expect(JSON.parse(meterCurveOf(periods) ?? '')).toEqual([
      [Date.parse(at('10:00')), 11_000, 0],
      [Date.parse(at('10:30')), null, 5000],
      [Date.parse(at('11:00')), null, 7000],
    ]);
    expect(stopChargingAtOf(periods)?.toISOString()).toBe('2026-11-20T11:00:00.000Z');
    expect(stopChargingAtOf(periods.slice(0, 2))).toBeNull();
    expect(meterCurveOf([])).toBeNull();
  });

  it('keeps only the driver perspective of the engine prices', () => {
    const prices = {
      pricingStatus: 'priced',
      pricingNote: 'cpo: no cpo tariff applies; owner: no owner tariff applies',
      needsRevision: 0,
      empTotal: 360,
      empNetTotal: 300,
      empEnergy: 360,
      empNetEnergy: 300,
      empTime: 0,
      empPenalty: 0,
      empNetPenalty: 0,
      vatValue: 60,
    } as unknown as CdrPrices;
    expect(driverPrice(prices)).toMatchObject({ pricingStatus: 'priced', pricingNote: null, empTotal: 360 });
    const none = { ...prices, empTotal: null, pricingNote: 'emsp: no emp tariff applies; cpo: none' } as CdrPrices;
    expect(driverPrice(none)).toMatchObject({ pricingStatus: 'unpriced', pricingNote: 'emsp: no emp tariff applies' });
  });
});
