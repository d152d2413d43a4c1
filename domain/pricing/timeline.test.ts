import { describe, expect, it } from 'vitest';
import { anElement, aTariff, energy, flat, parking, time } from '../../tests/support/pricing-builders';
import { priceSession } from './engine';
import { ANOMALIES, type MeterSession, soundTimeline, timelineFromMeterValues } from './timeline';

const t0 = Date.parse('2026-04-07T08:00:00Z');
const min = (m: number) => t0 + m * 60_000;

describe('timelineFromMeterValues', () => {
  it('builds periods between samples: charging where energy flows, parking where it does not', () => {
    const timeline = timelineFromMeterValues({
      start: t0,
      end: min(90),
      meterStartWh: 1000,
      meterStopWh: 11_000,
      samples: [
        { at: min(30), energyWh: 6000, currentA: 32 },
        { at: min(60), energyWh: 11_000 },
      ],
    });
    expect(timeline.periods.map((p) => [p.end - p.start, p.energyWh, p.powerW, p.charging])).toEqual([
      [1_800_000, 5000, 10_000, true],
      [1_800_000, 5000, 10_000, true],
      [1_800_000, 0, 0, false],
    ]);
    expect(timeline.periods[0]?.currentA).toBe(32);
    expect(timeline.anomalies).toEqual([]);
  });

  it('splits the interval in which charging stopped (cdr_stop_charging_date)', () => {
    const timeline = timelineFromMeterValues({
      start: t0,
      end: min(60),
      meterStartWh: 0,
      meterStopWh: 7000,
      stopChargingAt: min(42),
    });
    expect(timeline.periods.map((p) => [p.end - p.start, p.energyWh, p.charging])).toEqual([
      [42 * 60_000, 7000, true],
      [18 * 60_000, 0, false],
    ]);
  });

  it.each<{ name: string; session: MeterSession; anomalies: string[]; energyWh: number; excl: number }>([
    {
      name: 'end before start: priced without time, flagged',
      session: { start: t0, end: min(-5), meterStartWh: 0, meterStopWh: 4000 },
      anomalies: [ANOMALIES.endBeforeStart],
      energyWh: 4000,
      excl: 100 + 120,
    },
    {
      name: 'meter stop below meter start: no energy billed, the time as charging, flagged',
      session: { start: t0, end: min(60), meterStartWh: 9000, meterStopWh: 2000 },
      anomalies: [ANOMALIES.negativeEnergy],
      energyWh: 0,
      excl: 100 + 100,
    },
    {
      name: 'meter reset between samples: the interval with the reset is not billed, the rest is',
      session: {
        start: t0,
        end: min(60),
        meterStartWh: 50_000,
        meterStopWh: 3000,
        samples: [
          { at: min(20), energyWh: 52_000 },
          { at: min(40), energyWh: 1000 },
        ],
      },
      anomalies: [ANOMALIES.meterReset],
      energyWh: 4000,
      excl: 100 + 120 + 100,
    },
    {
      name: 'samples outside the session are dropped, flagged',
      session: {
        start: t0,
        end: min(60),
        meterStartWh: 0,
        meterStopWh: 1000,
        samples: [{ at: min(61), energyWh: 900 }],
      },
      anomalies: [ANOMALIES.sampleOutside],
      energyWh: 1000,
      excl: 100 + 30 + 100,
    },
  ])('$name', ({ session, anomalies, energyWh, excl }) => {
    const tariff = aTariff({ elements: [anElement([flat('1.00'), energy('0.30'), time('1.00'), parking('1.00')])] });
    const timeline = timelineFromMeterValues(session);
    expect(timeline.anomalies).toEqual(anomalies);
    const result = priceSession(tariff, timeline);
    if (result.kind !== 'priced') throw new Error('unpriced');
    expect(result.needsRevision).toEqual(anomalies);
    expect(result.quantities.energyWh).toBe(energyWh);
    expect(result.totals.exclVat).toBe(excl);
  });
});

describe('soundTimeline', () => {
  it('drops overlapping or outside periods from a hand-built time line and flags it', () => {
    const timeline = {
      start: t0,
      end: min(60),
      anomalies: [],
      periods: [
        { start: t0, end: min(30), energyWh: 3000, powerW: 6000, charging: true },
        { start: min(20), end: min(40), energyWh: 2000, powerW: 6000, charging: true },
        { start: min(30), end: min(60), energyWh: 0, powerW: 0, charging: false },
        { start: min(50), end: min(70), energyWh: 1000, powerW: 3000, charging: true },
      ],
    };
    const sound = soundTimeline(timeline);
    expect(sound.periods.map((p) => [p.start, p.end])).toEqual([
      [t0, min(30)],
      [min(30), min(60)],
    ]);
    expect(sound.anomalies).toEqual([ANOMALIES.periodsUnsound]);
    const result = priceSession(aTariff(), timeline);
    expect(result.kind === 'priced' && [result.quantities.energyWh, result.needsRevision]).toEqual([
      3000,
      [ANOMALIES.periodsUnsound],
    ]);
  });

  it('returns a sound time line untouched', () => {
    const timeline = timelineFromMeterValues({ start: t0, end: min(10), meterStartWh: 0, meterStopWh: 100 });
    expect(soundTimeline(timeline)).toBe(timeline);
  });
});
