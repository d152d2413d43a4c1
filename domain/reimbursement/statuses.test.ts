import { describe, expect, it } from 'vitest';
import { canTransition, nextStatuses, REIMBURSEMENT_STATUSES } from './statuses';

describe('reimbursement transitions', () => {
  it('follows the approval path with the right actor at each step', () => {
    expect(canTransition('pending_approval', 'validated_by_user', 'employee')).toBe(true);
    expect(canTransition('validated_by_user', 'validated_by_manager', 'manager')).toBe(true);
    expect(canTransition('validated_by_manager', 'processed', 'system')).toBe(true);
    expect(canTransition('processed', 'paid', 'system')).toBe(true);
  });

  it('refuses skipped steps and the wrong actor', () => {
    expect(canTransition('pending_approval', 'validated_by_manager', 'manager')).toBe(false);
    expect(canTransition('pending_approval', 'validated_by_user', 'manager')).toBe(false);
    expect(canTransition('validated_by_user', 'validated_by_manager', 'employee')).toBe(false);
    expect(canTransition('processed', 'payment_failed', 'manager')).toBe(false);
    expect(canTransition('pending_approval', 'paid', 'system')).toBe(false);
  });

  it('never leaves rejected or paid', () => {
    for (const to of REIMBURSEMENT_STATUSES) {
      for (const actor of ['employee', 'manager', 'system'] as const) {
        expect(canTransition('rejected', to, actor)).toBe(false);
        expect(canTransition('paid', to, actor)).toBe(false);
      }
    }
  });

  it('lets a failed payment be retried', () => {
    expect(nextStatuses('payment_failed', 'manager')).toEqual(['processed']);
    expect(nextStatuses('validated_by_user', 'manager')).toEqual(['validated_by_manager', 'rejected']);
    expect(nextStatuses('validated_by_user', 'employee')).toEqual([]);
  });
});
