import { describe, expect, it } from 'vitest';
import { bulkChange } from './bulk-membership';

describe('bulkChange', () => {
  it('adds only the connectors that are not members yet and counts the others as already members', () => {
    const { changing, counts } = bulkChange('add', [1, 2, 3, 4], new Set([2, 4]));
    expect(changing).toEqual([1, 3]);
    expect(counts).toEqual({ requested: 4, added: 2, already_members: 2, removed: 0, not_members: 0 });
  });

  it('removes only the members and counts the others as not members', () => {
    const { changing, counts } = bulkChange('remove', [5, 6, 7], new Set([6]));
    expect(changing).toEqual([6]);
    expect(counts).toEqual({ requested: 3, added: 0, already_members: 0, removed: 1, not_members: 2 });
  });

  it('changes nothing when every connector already is (or is not) a member', () => {
    expect(bulkChange('add', [1, 2], new Set([1, 2])).changing).toEqual([]);
    expect(bulkChange('remove', [1, 2], new Set()).counts).toMatchObject({ removed: 0, not_members: 2 });
  });
});
