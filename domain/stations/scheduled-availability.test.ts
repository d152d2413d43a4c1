import { describe, expect, it } from 'vitest';
import { MAX_LEAD_DAYS, MIN_LEAD_MS, scheduleTimeProblem } from './scheduled-availability';

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);
const DAY = 86_400_000;

describe('scheduleTimeProblem', () => {
  it.each([
    { dueAt: NOW - 1, expected: 'too-soon' },
    { dueAt: NOW + MIN_LEAD_MS - 1, expected: 'too-soon' },
    { dueAt: NOW + MIN_LEAD_MS, expected: null },
    { dueAt: NOW + 30 * DAY, expected: null },
    { dueAt: NOW + MAX_LEAD_DAYS * DAY, expected: null },
    { dueAt: NOW + MAX_LEAD_DAYS * DAY + 1, expected: 'too-far' },
  ])('$dueAt → $expected', ({ dueAt, expected }) => {
    expect(scheduleTimeProblem(dueAt, NOW)).toBe(expected);
  });
});
