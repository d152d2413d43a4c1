import { describe, expect, it } from 'vitest';
import {
  availableMs,
  chartOf,
  csvTable,
  type DashboardPeriod,
  dashboardPeriod,
  HOUR_MS,
  periodDays,
  utilisationCells,
  weekdayHour,
} from './dashboard';

const PARIS = 'Europe/Paris';
const period = (from: string, to: string) =>
  dashboardPeriod(PARIS, Date.UTC(2026, 10, 27), from, to) as DashboardPeriod;
const hours = (cells: number[][]) => cells.flat().reduce((a, b) => a + b, 0) / HOUR_MS;

describe('dashboard period', () => {
  it('defaults to the last 30 days, today included, in the company time zone', () => {
    // 23:30 UTC on 27 November is already the 28th in Paris.
    const p = dashboardPeriod(PARIS, Date.UTC(2026, 10, 27, 23, 30)) as DashboardPeriod;
    expect([p.from, p.to]).toEqual(['2026-10-30', '2026-11-28']);
    expect(p.start).toBe(Date.UTC(2026, 9, 29, 23)); // midnight in Paris (CET, +1)
    expect(p.end).toBe(Date.UTC(2026, 10, 28, 23));
    expect(periodDays(p)).toHaveLength(30);
  });

  it('refuses a non-date, an end before the start and more than 366 days', () => {
    const now = Date.UTC(2026, 10, 27);
    expect(dashboardPeriod(PARIS, now, '2026-02-30', '2026-03-01')).toEqual({ problem: 'date', field: 'from' });
    expect(dashboardPeriod(PARIS, now, '2026-01-01', '26-1-1')).toEqual({ problem: 'date', field: 'to' });
    expect(dashboardPeriod(PARIS, now, '2026-03-02', '2026-03-01')).toEqual({ problem: 'order', field: 'to' });
    expect(dashboardPeriod(PARIS, now, '2024-01-01', '2024-12-31')).toMatchObject({ from: '2024-01-01' });
    expect(dashboardPeriod(PARIS, now, '2024-01-01', '2025-01-01')).toEqual({ problem: 'length', field: 'from' });
  });

  it('cuts the period where the offset changes', () => {
    const p = period('2026-03-23', '2026-04-05');
    expect(p.segments).toEqual([
      { start: Date.UTC(2026, 2, 22, 23), end: Date.UTC(2026, 2, 29, 1), offset: HOUR_MS },
      { start: Date.UTC(2026, 2, 29, 1), end: Date.UTC(2026, 3, 5, 22), offset: 2 * HOUR_MS },
    ]);
    expect(period('2026-06-01', '2026-06-30').segments).toHaveLength(1);
  });
});

describe('utilisation denominator', () => {
  it('counts every hour of a plain week once', () => {
    const cells = availableMs(period('2026-06-01', '2026-06-07'));
    expect(cells.flat().every((ms) => ms === HOUR_MS)).toBe(true);
  });

  it('has no 02:00 on the Sunday clocks go forward, and two on the Sunday they go back', () => {
    const spring = availableMs(period('2026-03-23', '2026-03-29'));
    expect(spring[6]?.[2]).toBe(0);
    expect(spring[6]?.[3]).toBe(HOUR_MS);
    expect(hours(spring)).toBe(7 * 24 - 1);
    const autumn = availableMs(period('2026-10-19', '2026-10-25'));
    expect(autumn[6]?.[2]).toBe(2 * HOUR_MS);
    expect(hours(autumn)).toBe(7 * 24 + 1);
  });

  it('shares occupied connector-time over connectors × the time offered, at most 1', () => {
    const p = period('2026-06-01', '2026-06-14'); // two Mondays
    const cells = utilisationCells(p, 2, [
      { weekday: 1, hour: 10, occupiedMs: 2 * HOUR_MS },
      { weekday: 7, hour: 23, occupiedMs: 9 * HOUR_MS },
    ]);
    expect(cells).toHaveLength(168);
    expect(cells.find((c) => c.weekday === 1 && c.hour === 10)?.occupiedShare).toBe(0.5);
    expect(cells.find((c) => c.weekday === 7 && c.hour === 23)?.occupiedShare).toBe(1);
    expect(cells.find((c) => c.weekday === 3 && c.hour === 3)?.occupiedShare).toBe(0);
    expect(utilisationCells(p, 0, []).every((c) => c.occupiedShare === 0)).toBe(true);
  });

  it('numbers wall-clock hours from Thursday 1 January 1970', () => {
    expect(weekdayHour(0)).toEqual({ weekday: 4, hour: 0 });
    expect(weekdayHour(4 * 24 + 13)).toEqual({ weekday: 1, hour: 13 });
  });
});

describe('dashboards and CSV rows', () => {
  it('knows which dashboard shows which chart', () => {
    expect(chartOf('main', 'faults')).toBe('faults');
    expect(chartOf('revenue', 'faults')).toBeNull();
    expect(chartOf('nope', 'revenue')).toBeNull();
  });

  it('writes the series rows under English column ids, the group first when grouped', () => {
    const series = [{ groupId: 7, day: '2026-06-01', sessions: 3, energyWh: 4500 }];
    expect(csvTable('energy-sessions', series, true)).toEqual({
      columns: ['groupId', 'day', 'sessions', 'energyWh'],
      rows: [[7, '2026-06-01', 3, 4500]],
    });
    expect(csvTable('energy-sessions', [{ day: '2026-06-01', sessions: 0, energyWh: 0 }], false).columns).toEqual([
      'day',
      'sessions',
      'energyWh',
    ]);
  });
});
