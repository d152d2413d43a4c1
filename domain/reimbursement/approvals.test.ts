import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  actorFor,
  type Caller,
  canSee,
  capExtraExpense,
  decideBulk,
  decideChange,
  type ReimbursementFacts,
} from './approvals';

const manager: Caller = { userId: 1, canView: true, canManage: true };
const viewer: Caller = { userId: 2, canView: true, canManage: false };
const employee: Caller = { userId: 3, canView: false, canManage: false };

const aReimbursement = (over: Partial<ReimbursementFacts> = {}): ReimbursementFacts => ({
  status: 'pending_approval',
  energyAmount: 1234,
  extraExpense: 0,
  extraExpenseNote: null,
  payoutMethod: 'bank_transfer',
  ...over,
});
const allowed = { enabled: true, limit: 2000 };

describe('actor resolution', () => {
  it.each([
    { who: 'a manager on an employee’s', caller: manager, owner: 3, actor: 'manager' },
    { who: 'a manager on their own', caller: manager, owner: 1, actor: 'employee' },
    { who: 'a viewer on an employee’s', caller: viewer, owner: 3, actor: null },
    { who: 'the employee on their own', caller: employee, owner: 3, actor: 'employee' },
    { who: 'an employee on another’s', caller: employee, owner: 4, actor: null },
  ])('$who: $actor', ({ caller, owner, actor }) => {
    expect(actorFor(caller, owner)).toBe(actor);
  });

  it('lets managers and viewers see the scope, an employee only their own', () => {
    expect([canSee(viewer, 3), canSee(employee, 3), canSee(employee, 4)]).toEqual([true, true, false]);
  });
});

describe('status change', () => {
  it('lets the employee validate with an extra expense capped by the company’s limit', () => {
    expect(
      decideChange(
        'employee',
        aReimbursement(),
        { to: 'validated_by_user', extraExpense: 5000, extraExpenseNote: ' Cable ' },
        allowed,
      ),
    ).toEqual({
      from: 'pending_approval',
      to: 'validated_by_user',
      extraExpense: 2000,
      extraExpenseNote: 'Cable',
      value: 3234,
      note: null,
    });
  });

  it.each([
    { amount: 150.4, limit: null, expected: 150 },
    { amount: -5, limit: 100, expected: 0 },
    { amount: 99, limit: 100, expected: 99 },
    { amount: 101, limit: 100, expected: 100 },
  ])('caps an extra expense of $amount at $limit: $expected', ({ amount, limit, expected }) => {
    expect(capExtraExpense(amount, { enabled: true, limit })).toBe(expected);
  });

  it('refuses an extra expense the company does not reimburse, or outside the employee’s validation', () => {
    const r = aReimbursement();
    expect(
      decideChange('employee', r, { to: 'validated_by_user', extraExpense: 100 }, { enabled: false, limit: null }),
    ).toEqual({ refused: 'extra_expense_not_allowed' });
    expect(
      decideChange(
        'manager',
        aReimbursement({ status: 'validated_by_user' }),
        {
          to: 'validated_by_manager',
          extraExpense: 100,
        },
        allowed,
      ),
    ).toEqual({ refused: 'extra_expense_not_allowed' });
    // A zero amount without a note declares nothing.
    expect(
      decideChange('employee', r, { to: 'validated_by_user', extraExpense: 0 }, { enabled: false, limit: null }),
    ).toMatchObject({ to: 'validated_by_user', value: 1234 });
  });

  it('refuses a skipped step, the wrong actor and a viewer with from and to', () => {
    expect(decideChange('manager', aReimbursement(), { to: 'validated_by_manager' }, allowed)).toEqual({
      refused: 'transition',
      from: 'pending_approval',
      to: 'validated_by_manager',
    });
    expect(
      decideChange(
        'employee',
        aReimbursement({ status: 'validated_by_user' }),
        { to: 'validated_by_manager' },
        allowed,
      ),
    ).toMatchObject({ refused: 'transition' });
    expect(decideChange(null, aReimbursement(), { to: 'rejected', note: 'no' }, allowed)).toMatchObject({
      refused: 'transition',
    });
  });

  it('needs a note to reject', () => {
    const r = aReimbursement({ status: 'validated_by_user' });
    expect(decideChange('manager', r, { to: 'rejected', note: '  ' }, allowed)).toEqual({ refused: 'note_required' });
    expect(decideChange('manager', r, { to: 'rejected', note: 'No contract' }, allowed)).toMatchObject({
      to: 'rejected',
      note: 'No contract',
    });
  });

  it('marks paid by hand only a bank transfer; Stripe payouts are processed and paid by the payout', () => {
    const bank = aReimbursement({ status: 'processed', payoutMethod: 'bank_transfer' });
    const stripe = aReimbursement({ status: 'processed', payoutMethod: 'stripe' });
    expect(decideChange('manager', bank, { to: 'paid' }, allowed)).toMatchObject({ to: 'paid' });
    expect(decideChange('manager', stripe, { to: 'paid' }, allowed)).toMatchObject({ refused: 'transition' });
    expect(
      decideChange('manager', aReimbursement({ status: 'processed', payoutMethod: null }), { to: 'paid' }, allowed),
    ).toMatchObject({ refused: 'transition' });
    const approvedStripe = aReimbursement({ status: 'validated_by_manager', payoutMethod: 'stripe' });
    expect(actionsFor('manager', approvedStripe)).toEqual(['rejected']);
    expect(actionsFor('manager', aReimbursement({ status: 'validated_by_manager' }))).toEqual([
      'processed',
      'rejected',
    ]);
    expect(actionsFor('manager', bank)).toEqual(['paid']);
    expect(actionsFor('employee', aReimbursement())).toEqual(['validated_by_user']);
    expect(actionsFor(null, aReimbursement())).toEqual([]);
  });
});

describe('bulk approve or reject', () => {
  const rows = new Map([
    [10, { ...aReimbursement({ status: 'validated_by_user' }), userId: 3 }],
    [11, { ...aReimbursement({ status: 'pending_approval' }), userId: 3 }],
    [12, { ...aReimbursement({ status: 'validated_by_user' }), userId: 1 }],
    [13, { ...aReimbursement({ status: 'paid' }), userId: 4 }],
  ]);

  it('decides each id on its own, once, in the order asked', () => {
    const out = decideBulk(manager, [10, 11, 12, 99, 13, 10], rows, { to: 'validated_by_manager' });
    expect(out.map((o) => [o.id, 'write' in o ? o.write.to : 'refused' in o ? o.refused : null])).toEqual([
      [10, 'validated_by_manager'],
      [11, { refused: 'transition', from: 'pending_approval', to: 'validated_by_manager' }],
      // The manager's own: they are its employee here.
      [12, { refused: 'transition', from: 'validated_by_user', to: 'validated_by_manager' }],
      [99, 'not_found'],
      [13, { refused: 'transition', from: 'paid', to: 'validated_by_manager' }],
    ]);
  });

  it('refuses a bulk rejection without a note on every id, and a viewer everywhere', () => {
    expect(decideBulk(manager, [10, 11], rows, { to: 'rejected' }).map((o) => 'refused' in o && o.refused)).toEqual([
      { refused: 'note_required' },
      { refused: 'note_required' },
    ]);
    expect(decideBulk(viewer, [10], rows, { to: 'rejected', note: 'x' })[0]).toMatchObject({
      refused: { refused: 'transition' },
    });
    expect(decideBulk(employee, [10, 13], rows, { to: 'rejected', note: 'x' })).toEqual([
      { id: 10, refused: { refused: 'transition', from: 'validated_by_user', to: 'rejected' } },
      { id: 13, refused: 'not_found' },
    ]);
  });
});
