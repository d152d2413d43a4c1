import { describe, expect, it } from 'vitest';
import { energySinceStart } from './energy-curve';

const curve = (...values: number[]) => values.map((value, i) => ({ at: 1_000 * i, value }));

describe('energy delivered since the start', () => {
  it.each([
    {
      case: 'a register above the meter start',
      points: curve(4_116_010, 4_116_060, 4_116_118),
      start: 4_116_000,
      expected: [10, 60, 118],
    },
    {
      case: 'a register without meter start',
      points: curve(4_116_010, 4_116_060, 4_116_118),
      start: null,
      expected: [0, 50, 108],
    },
    { case: 'a curve recorded from zero', points: curve(0, 500, 1_200), start: 4_116_000, expected: [0, 500, 1_200] },
    { case: 'a curve from zero with meter start zero', points: curve(0, 500), start: 0, expected: [0, 500] },
    { case: 'no points', points: [], start: 10, expected: [] },
  ])('plots $case from the start of the session', ({ points, start, expected }) => {
    expect(energySinceStart(points, start).map((p) => p.value)).toEqual(expected);
  });

  it('keeps the times of the points', () => {
    expect(energySinceStart(curve(5, 7), 5)).toEqual([
      { at: 0, value: 0 },
      { at: 1_000, value: 2 },
    ]);
  });
});
