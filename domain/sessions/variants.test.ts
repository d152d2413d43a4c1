import { describe, expect, it } from 'vitest';
import { columnsOf, FLEET_VARIANTS, pickVariant, visibleRows } from './variants';

describe('pickVariant', () => {
  it.each([
    { asked: undefined, allowed: ['emp', 'multiflow'] as const, expected: 'emp' },
    { asked: 'multiflow' as const, allowed: ['emp', 'multiflow'] as const, expected: 'multiflow' },
    { asked: 'owner_mps' as const, allowed: ['emp', 'multiflow'] as const, expected: null },
    { asked: undefined, allowed: [] as const, expected: null },
    { asked: 'fleet_mps' as const, allowed: FLEET_VARIANTS, expected: 'fleet_mps' },
  ])('asked $asked of $allowed → $expected', ({ asked, allowed, expected }) => {
    expect(pickVariant(asked, allowed)).toBe(expected);
  });
});

describe('visibleRows', () => {
  const row = { id: 1, user_email: 'a@b.c', child_plate: 'B-XY 1', child_employee_id: 'E1', cdr_consumed_energy: 5 };
  it('keeps every field for a caller who sees every column of the variant', () => {
    expect(visibleRows('fleet', columnsOf('fleet', true), [row])).toEqual([row]);
  });
  it('drops the drivers’ personal fields where the caller may not export the fleet’s users', () => {
    const [shown] = visibleRows('fleet', columnsOf('fleet', false), [row]);
    expect(shown).not.toHaveProperty('child_plate');
    expect(shown).not.toHaveProperty('child_employee_id');
    expect(shown).toMatchObject({ id: 1, cdr_consumed_energy: 5 });
  });
  it('keeps the fields of a variant without personal columns whatever the caller may export', () => {
    expect(visibleRows('multiflow', columnsOf('multiflow', false), [row])).toEqual([row]);
  });
});
