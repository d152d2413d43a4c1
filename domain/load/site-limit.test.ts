import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOAD_CONFIG,
  limitAmpsAt,
  loadConfigProblems,
  nextChangeAfter,
  priorityOf,
  type SiteLoadConfig,
  toAmps,
} from './site-limit';

const aConfig = (over: Partial<SiteLoadConfig> = {}): SiteLoadConfig => ({
  ...DEFAULT_LOAD_CONFIG,
  unit: 'A',
  limit: 100,
  ...over,
});

describe('site limit', () => {
  it('turns kW into ampere per phase', () => {
    expect(toAmps(aConfig({ unit: 'kW' }), 69)).toBe(100);
    expect(toAmps(aConfig({ unit: 'kW', phases: 1 }), 23)).toBe(100);
  });

  it('follows the daily schedule in the site time zone', () => {
    const config = aConfig({
      schedule: [
        { from: '18:00', limit: 40 },
        { from: '07:00', limit: 80 },
      ],
    });
    // 2026-11-27 is CET (UTC+1).
    const at = (hhmmUtc: string) => Date.parse(`2026-11-27T${hhmmUtc}:00Z`);
    expect(limitAmpsAt(config, 'Europe/Paris', at('05:30'))).toBe(100); // 06:30 local: before the first period
    expect(limitAmpsAt(config, 'Europe/Paris', at('06:00'))).toBe(80); // 07:00 local
    expect(limitAmpsAt(config, 'Europe/Paris', at('17:30'))).toBe(40); // 18:30 local
    expect(nextChangeAfter(config, 'Europe/Paris', at('05:30'))).toBe(at('06:00'));
    expect(nextChangeAfter(config, 'Europe/Paris', at('17:30'))).toBe(at('23:00')); // local midnight
    expect(nextChangeAfter(aConfig(), 'Europe/Paris', at('17:30'))).toBeNull();
  });

  it('reads group priorities, 1 by default', () => {
    const config = aConfig({ groupPriorities: { '7': 3 } });
    expect(priorityOf(config, 7)).toBe(3);
    expect(priorityOf(config, 8)).toBe(1);
    expect(priorityOf(config, null)).toBe(1);
  });

  it('refuses bad times, repeated starts and a limit below one minimum', () => {
    expect(
      loadConfigProblems(
        aConfig({
          schedule: [
            { from: '25:00', limit: 50 },
            { from: '08:00', limit: 50 },
            { from: '08:00', limit: 60 },
          ],
        }),
      ),
    ).toEqual([
      { field: 'schedule.0.from', rule: 'time' },
      { field: 'schedule.2.from', rule: 'duplicate' },
    ]);
    expect(loadConfigProblems(aConfig({ limit: 5 }))).toEqual([{ field: 'limit', rule: 'belowMinimum' }]);
    expect(loadConfigProblems(aConfig())).toEqual([]);
  });
});
