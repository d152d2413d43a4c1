import { describe, expect, it } from 'vitest';
import { FLEET_VARIANTS, pickVariant } from './variants';

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
