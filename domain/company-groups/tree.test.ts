import { describe, expect, it } from 'vitest';
import {
  assignedColumns,
  buildTree,
  type GroupNode,
  pathOf,
  placementError,
  removedColumns,
  selectionError,
} from './tree';

const g = (id: number, level: number, parentId: number | null, name = `g${id}`, companyId = 1): GroupNode => ({
  id,
  companyId,
  level,
  parentId,
  name,
});
const rows = [
  g(1, 1, null, 'North'),
  g(2, 2, 1, 'Lyon'),
  g(3, 3, 2, 'Depot'),
  g(4, 1, null, 'Alps'),
  g(5, 2, 1, 'Dijon'),
];
const byId = new Map(rows.map((r) => [r.id, r]));

describe('placementError: a group of level n sits under a group of level n - 1 of its company', () => {
  it.each([
    ['level 1 without parent', 1, null, null],
    ['level 1 under a group', 1, g(1, 1, null), 'companyGroupNoParentAtLevel1'],
    ['level 2 without parent', 2, null, 'companyGroupParentRequired'],
    ['level 2 under level 1', 2, g(1, 1, null), null],
    ['level 3 under level 1', 3, g(1, 1, null), 'companyGroupParentLevel'],
    ['level 2 under another company', 2, g(9, 1, null, 'x', 2), 'companyGroupParentLevel'],
  ] as const)('%s', (_, level, parent, expected) => {
    expect(placementError(level, 1, parent)).toBe(expected);
  });
});

describe('pathOf and the assigned columns', () => {
  it('walks from level 1 down to the group', () => {
    expect(pathOf(3, byId).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(assignedColumns(pathOf(3, byId))).toEqual({ group1Id: 1, group2Id: 2, group3Id: 3, group4Id: null });
    expect(assignedColumns(pathOf(4, byId))).toEqual({ group1Id: 4, group2Id: null, group3Id: null, group4Id: null });
  });
  it('is empty for an unknown group or a chain that does not reach level 1', () => {
    expect(pathOf(99, byId)).toEqual([]);
    expect(pathOf(7, new Map([[7, g(7, 2, 42)]]))).toEqual([]);
  });
  it('a cycle is refused, not followed forever', () => {
    const cyclic = new Map([
      [1, g(1, 2, 2)],
      [2, g(2, 1, 1)],
    ]);
    expect(pathOf(1, cyclic)).toEqual([]);
  });
  it('removing a level clears it and the levels below, keeping those above', () => {
    const cols = { group1Id: 1, group2Id: 2, group3Id: 3, group4Id: null };
    expect(removedColumns(cols, 2)).toEqual({ group1Id: 1, group2Id: null, group3Id: null, group4Id: null });
    expect(removedColumns(cols, 1)).toEqual({ group1Id: null, group2Id: null, group3Id: null, group4Id: null });
  });
});

describe('buildTree', () => {
  it('nests children under parents and sorts siblings by name', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.group.name)).toEqual(['Alps', 'North']);
    expect(tree[1]?.children.map((n) => n.group.name)).toEqual(['Dijon', 'Lyon']);
    expect(tree[1]?.children[1]?.children.map((n) => n.group.name)).toEqual(['Depot']);
  });
  it('a group whose parent is outside the list becomes a root', () => {
    expect(buildTree([g(2, 2, 1, 'Lyon')]).map((n) => n.group.id)).toEqual([2]);
  });
});

describe('selectionError: the picked groups form a chain', () => {
  it.each([
    [[null, null, null, null], null],
    [[1, 2, 3, null], null],
    [[1, null, null, null], null],
    [[null, 2, null, null], null],
    [[4, 2, null, null], 'companyGroupSelectionMismatch'],
    [[2, null, null, null], 'companyGroupSelectionUnknown'],
    [[99, null, null, null], 'companyGroupSelectionUnknown'],
  ] as const)('%j', (picked, expected) => {
    expect(selectionError(picked, byId)).toBe(expected);
  });
});
