/**
 * @module Company groups as one tree of four levels (spec 3 "Company group levels", 7.20; issue 20
 * part 4): where a group may be placed, the path from level 1 down to a group, the group columns a
 * station or user gets when a group is assigned, and the nested view. Pure: the store reads the rows.
 */

export const GROUP_LEVELS = [1, 2, 3, 4] as const;
export type GroupLevel = (typeof GROUP_LEVELS)[number];

export interface GroupNode {
  id: number;
  companyId: number;
  level: number;
  parentId: number | null;
  name: string;
}

export type PlacementError = 'companyGroupParentRequired' | 'companyGroupParentLevel' | 'companyGroupNoParentAtLevel1';

/**
 * Why a group of `level` cannot sit under `parent` in `companyId`, or null: level 1 has no parent; a
 * level n > 1 group sits under a level n - 1 group of the same company.
 */
export function placementError(level: number, companyId: number, parent: GroupNode | null): PlacementError | null {
  if (level === 1) return parent === null ? null : 'companyGroupNoParentAtLevel1';
  if (parent === null) return 'companyGroupParentRequired';
  if (parent.level !== level - 1 || parent.companyId !== companyId) return 'companyGroupParentLevel';
  return null;
}

/** The groups from level 1 down to `id` (empty when `id` is unknown or its chain is broken). */
export function pathOf(id: number, byId: ReadonlyMap<number, GroupNode>): GroupNode[] {
  const path: GroupNode[] = [];
  let at = byId.get(id);
  while (at) {
    path.unshift(at);
    if (at.parentId === null) break;
    if (path.length > GROUP_LEVELS.length) return [];
    at = byId.get(at.parentId);
  }
  return path[0]?.level === 1 && path[0].parentId === null ? path : [];
}

export interface GroupColumns {
  group1Id: number | null;
  group2Id: number | null;
  group3Id: number | null;
  group4Id: number | null;
}

/** The columns of a station or user in the group at the end of `path`: its ancestors above it, nothing below. */
export function assignedColumns(path: readonly GroupNode[]): GroupColumns {
  const at = (level: number) => path.find((g) => g.level === level)?.id ?? null;
  return { group1Id: at(1), group2Id: at(2), group3Id: at(3), group4Id: at(4) };
}

/** The columns after removing a level-`level` group: that level and the ones below it cleared, those above kept. */
export function removedColumns(current: GroupColumns, level: number): GroupColumns {
  return {
    group1Id: level <= 1 ? null : current.group1Id,
    group2Id: level <= 2 ? null : current.group2Id,
    group3Id: level <= 3 ? null : current.group3Id,
    group4Id: null,
  };
}

/** The column of a level, for queries that look a group up at its level. */
export function levelColumn(level: number): keyof GroupColumns {
  return `group${Math.min(4, Math.max(1, level))}Id` as keyof GroupColumns;
}

export interface TreeNode<T extends GroupNode = GroupNode> {
  group: T;
  children: TreeNode<T>[];
}

/** The nested view: roots are groups whose parent is not among `groups`; siblings by name, then id. */
export function buildTree<T extends GroupNode>(groups: readonly T[]): TreeNode<T>[] {
  const nodes = new Map(groups.map((g) => [g.id, { group: g, children: [] as TreeNode<T>[] }]));
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.group.parentId === null ? undefined : nodes.get(node.group.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (a: TreeNode<T>, b: TreeNode<T>) => a.group.name.localeCompare(b.group.name) || a.group.id - b.group.id;
  const sort = (list: TreeNode<T>[]) => {
    list.sort(order);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

export type SelectionError = 'companyGroupSelectionUnknown' | 'companyGroupSelectionMismatch';

/**
 * Whether the picked groups of each level form a chain: each picked group is known at its level, and
 * sits under the group picked one level above when one is.
 */
export function selectionError(
  picked: readonly (number | null)[],
  byId: ReadonlyMap<number, GroupNode>,
): SelectionError | null {
  for (let i = 0; i < picked.length; i++) {
    const id = picked[i];
    if (id === null || id === undefined) continue;
    const g = byId.get(id);
    if (!g || g.level !== i + 1) return 'companyGroupSelectionUnknown';
    const above = i > 0 ? picked[i - 1] : null;
    if (above !== null && above !== undefined && g.parentId !== above) return 'companyGroupSelectionMismatch';
  }
  return null;
}
