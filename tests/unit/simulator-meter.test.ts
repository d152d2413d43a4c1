/** The simulator's meter value generator: energy follows power, readings fit OCPP 1.6's MeterValue. */
import { createValidator } from 'ocpp-rpc';
import schemas from 'ocpp-rpc/lib/schemas/ocpp1_6.json';
import { describe, expect, it } from 'vitest';
import { idleReading, nextReading, toMeterValue } from '../../scripts/simulator/meter';

const fixed = () => 0.5;
const validator = createValidator('ocpp1.6', schemas);

describe('nextReading', () => {
  it.each([
    { powerType: 'AC' as const, limitW: 11_000, seconds: 3600, minWh: 10_400, maxWh: 11_000, phases: 3 },
    { powerType: 'AC' as const, limitW: 0, seconds: 60, minWh: 0, maxWh: 0, phases: 3 },
    { powerType: 'DC' as const, limitW: 150_000, seconds: 60, minWh: 2_300, maxWh: 2_500, phases: 1 },
  ])('$powerType at $limitW W for $seconds s adds energy within the limit', (c) => {
    const spec = { powerType: c.powerType, limitW: c.limitW };
    const start = idleReading(spec, 1000, 30);
    const next = nextReading(start, c.seconds, spec, fixed);
    expect(next.energyWh - 1000).toBeGreaterThanOrEqual(c.minWh);
    expect(next.energyWh - 1000).toBeLessThanOrEqual(c.maxWh);
    expect(next.powerW).toBeLessThanOrEqual(c.limitW);
    expect(next.currentA).toHaveLength(c.phases);
  });

  it('tapers DC power above 80 % state of charge and raises the SoC', () => {
    const spec = { powerType: 'DC' as const, limitW: 100_000 };
    const low = nextReading(idleReading(spec, 0, 50), 10, spec, fixed);
    const high = nextReading(idleReading(spec, 0, 90), 10, spec, fixed);
    expect(high.powerW).toBeLessThan(low.powerW * 0.6);
    expect(low.socPercent).toBeGreaterThan(50);
  });
});

describe('toMeterValue', () => {
  it.each(['AC', 'DC'] as const)(
    '%s readings are schema-valid MeterValues with the expected measurands',
    (powerType) => {
      const spec = { powerType, limitW: 22_000 };
      const reading = nextReading(idleReading(spec, 5_000, 40), 10, spec, fixed);
      const meterValue = toMeterValue(reading, 'Sample.Periodic', new Date('2026-11-21T10:00:00Z'));
      expect(() =>
        validator.validate('urn:MeterValues.req', { connectorId: 1, transactionId: 7, meterValue: [meterValue] }),
      ).not.toThrow();
      const measurands = meterValue.sampledValue.map((s) => `${s.measurand}${s.phase ? `/${s.phase}` : ''}`);
      expect(measurands).toEqual(
        powerType === 'AC'
          ? [
              'Energy.Active.Import.Register',
              'Power.Active.Import',
              'Current.Import/L1',
              'Current.Import/L2',
              'Current.Import/L3',
              'Voltage/L1-N',
            ]
          : ['Energy.Active.Import.Register', 'Power.Active.Import', 'Current.Import', 'Voltage', 'SoC'],
      );
      expect(meterValue.sampledValue[0]).toMatchObject({ unit: 'Wh', value: String(Math.floor(reading.energyWh)) });
    },
  );
});
