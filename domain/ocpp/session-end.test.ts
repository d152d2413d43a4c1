import { describe, expect, it } from 'vitest';
import { stopKindOf } from './session-end';

const session = (over: Partial<Parameters<typeof stopKindOf>[0]> = {}) => ({
  status: 'closed',
  endedWithoutStop: 0,
  refusedStatus: null,
  meterStopWh: 1200,
  ...over,
});

describe('stopKindOf', () => {
  it('closes a session in progress', () => {
    expect(stopKindOf(session({ status: 'in_progress', meterStopWh: null }))).toBe('close');
  });

  it('corrects a session closed without its stop', () => {
    expect(stopKindOf(session({ endedWithoutStop: 1 }))).toBe('correct');
  });

  it('fills in a refused session not stopped yet, and leaves one already stopped', () => {
    expect(stopKindOf(session({ refusedStatus: 'Blocked', meterStopWh: null }))).toBe('refused');
    expect(stopKindOf(session({ refusedStatus: 'Blocked', meterStopWh: 0 }))).toBe('done');
  });

  it('changes nothing on a session closed by its own stop', () => {
    expect(stopKindOf(session())).toBe('done');
  });
});
