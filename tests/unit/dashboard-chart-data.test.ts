/** The dashboards screen's pure parts (issue 21 part 2): URL filters, chart query and CSV address, series reading, group split, heat grid. */
import { describe, expect, it } from 'vitest';
import {
  byCurrency,
  chartCsvHref,
  chartQuery,
  hasData,
  heatGrid,
  readDashboardFilters,
  readRevenue,
  readUtilisation,
  splitByGroup,
} from '../../app/components/dashboard/chart-data';

const NOW = Date.parse('2026-03-15T10:00:00Z');
const url = (query: string) => new URL(`https://app.example.test/dashboard/main?${query}`);

describe('readDashboardFilters', () => {
  it('defaults to the last 30 days, today included, without company, split or group', () => {
    expect(readDashboardFilters(url(''), NOW)).toEqual({
      from: '2026-02-14',
      to: '2026-03-15',
      companyId: null,
      groupLevel: null,
      connectorGroupId: null,
    });
  });

  it('reads valid values and drops invalid ones', () => {
    expect(readDashboardFilters(url('from=2026-01-01&to=2026-01-31&company=7&level=2&connectorGroup=12'), NOW)).toEqual(
      { from: '2026-01-01', to: '2026-01-31', companyId: 7, groupLevel: 2, connectorGroupId: 12 },
    );
    const bad = readDashboardFilters(url('from=2026-02-30&to=x&company=-1&level=5&connectorGroup=1.5'), NOW);
    expect(bad).toEqual({
      from: '2026-02-14',
      to: '2026-03-15',
      companyId: null,
      groupLevel: null,
      connectorGroupId: null,
    });
  });
});

describe('chartQuery and chartCsvHref', () => {
  it('names only the filters that are set, in the API contract names', () => {
    const f = readDashboardFilters(url('from=2026-01-01&to=2026-01-31&level=3'), NOW);
    expect(chartQuery(f)).toEqual({ from: '2026-01-01', to: '2026-01-31', companyGroupLevel: '3' });
    expect(chartCsvHref('main', 'top-stations', { ...f, companyId: 4, connectorGroupId: 9 })).toBe(
      '/api/dashboard/main/charts/top-stations?from=2026-01-01&to=2026-01-31&companyId=4&companyGroupLevel=3&connectorGroupId=9&format=csv',
    );
  });
});

describe('series', () => {
  it('reads loose rows into numbers and keeps the group (null: in no group; absent: not split)', () => {
    const rows = readRevenue([
      { groupId: 3, day: '2026-01-01', currency: 'EUR', emp: 1200, empNet: 1000, subcpo: 800, owner: 600 },
      { groupId: null, day: '2026-01-01', currency: 'EUR', emp: '5', empNet: null, subcpo: 0, owner: 0 },
    ]);
    expect(rows.map((r) => [r.groupId, r.emp, r.empNet])).toEqual([
      [3, 1200, 1000],
      [null, 5, 0],
    ]);
    expect(readUtilisation([{ weekday: 1, hour: 0, occupiedShare: 0.5 }])[0]?.groupId).toBeUndefined();
  });

  it('splits per group and per currency in first order', () => {
    const rows = [
      { groupId: 2, currency: 'EUR', v: 1 },
      { groupId: null, currency: 'CHF', v: 2 },
      { groupId: 2, currency: 'EUR', v: 3 },
    ];
    expect(splitByGroup(rows).map((p) => [p.groupId, p.rows.map((r) => r.v)])).toEqual([
      [2, [1, 3]],
      [null, [2]],
    ]);
    expect(byCurrency(rows).map((p) => [p.currency, p.rows.length])).toEqual([
      ['EUR', 2],
      ['CHF', 1],
    ]);
    expect(splitByGroup<{ v: number; groupId?: number | null }>([{ v: 1 }, { v: 2 }])).toEqual([
      { groupId: undefined, rows: [{ v: 1 }, { v: 2 }] },
    ]);
  });

  it('lays utilisation on a 7 × 24 grid (Monday first) with its highest share', () => {
    const { grid, max } = heatGrid(
      readUtilisation([
        { weekday: 1, hour: 0, occupiedShare: 0.25 },
        { weekday: 7, hour: 23, occupiedShare: 0.75 },
        { weekday: 8, hour: 1, occupiedShare: 1 },
        { weekday: 2, hour: 24, occupiedShare: 1 },
      ]),
    );
    expect(grid).toHaveLength(7);
    expect(grid.every((line) => line.length === 24)).toBe(true);
    expect(grid[0]?.[0]).toBe(0.25);
    expect(grid[6]?.[23]).toBe(0.75);
    expect(grid.flat().filter((v) => v !== null)).toHaveLength(2);
    expect(max).toBe(0.75);
    expect(heatGrid([]).max).toBeGreaterThan(0);
  });

  it('has data only when some figure is not zero', () => {
    expect(hasData('faults', [{ day: '2026-01-01', faults: 0, faultMinutes: 0 }])).toBe(false);
    expect(hasData('faults', [{ day: '2026-01-01', faults: 0, faultMinutes: 3 }])).toBe(true);
    expect(hasData('utilisation', [])).toBe(false);
  });
});
