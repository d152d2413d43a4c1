import { describe, expect, it } from 'vitest';
import { breakdownOf, recalcDecision, worthRecording } from './recalc';

const month = (value: number, sessions = 1, energyWh = 1_000) => ({ value, sessions, energyWh });

describe('worthRecording', () => {
  it('records a month with a session or meter energy, not an empty one', () => {
    expect(worthRecording({ sessions: 1, energyWh: 0 })).toBe(true);
    expect(worthRecording({ sessions: 0, energyWh: 150_500 })).toBe(true);
    expect(worthRecording({ sessions: 0, energyWh: 0 })).toBe(false);
  });
});

describe('recalcDecision', () => {
  it('creates a missing month with energy at the first status, and writes nothing for an empty one', () => {
    expect(recalcDecision(null, month(1_345), 'pending_approval')).toEqual({
      action: 'create',
      status: 'pending_approval',
    });
    expect(recalcDecision(null, month(1_345), 'validated_by_user')).toEqual({
      action: 'create',
      status: 'validated_by_user',
    });
    expect(recalcDecision(null, month(0, 0, 0), 'pending_approval')).toEqual({ action: 'none' });
  });

  it('never touches a settled month, whatever the new value', () => {
    for (const status of ['processed', 'paid', 'payment_failed'] as const)
      expect(recalcDecision({ status, value: 1_000 }, month(2_000), 'pending_approval')).toEqual({
        action: 'settled',
      });
  });

  it('keeps an unchanged value and its status', () => {
    expect(recalcDecision({ status: 'validated_by_manager', value: 1_345 }, month(1_345), 'pending_approval')).toEqual({
      action: 'unchanged',
    });
  });

  it('sends a changed value back to the first status with an old → new note', () => {
    for (const status of ['pending_approval', 'validated_by_user', 'validated_by_manager', 'rejected'] as const)
      expect(recalcDecision({ status, value: 1_345 }, month(1_402), 'pending_approval')).toEqual({
        action: 'change',
        from: 1_345,
        to: 1_402,
        fromStatus: status,
        status: 'pending_approval',
        note: 'recalculated: 1345 → 1402',
      });
    // Under the fleet rule set the first status skips the employee's step.
    expect(
      recalcDecision({ status: 'validated_by_manager', value: 5 }, month(0, 0, 0), 'validated_by_user'),
    ).toMatchObject({ action: 'change', from: 5, to: 0, status: 'validated_by_user' });
  });
});

describe('breakdownOf', () => {
  it('stores the slices and the notes', () => {
    expect(JSON.parse(breakdownOf({ slices: [], notes: [{ code: 'meter_missing', homeStationId: 3 }] }))).toEqual({
      slices: [],
      notes: [{ code: 'meter_missing', homeStationId: 3 }],
    });
  });
});
