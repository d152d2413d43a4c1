/** @module The company tree as the company switcher shows it: a root and its descendants, children by name. */

interface TreeRow {
  id: number;
  name: string;
  parentCompanyId: number | null;
}

/** A row of the tree with its children; the rows' other fields come along (the company list shows them). */
export type TreeOf<R extends TreeRow> = R & { children: TreeOf<R>[] };

export type CompanyNode = TreeOf<TreeRow>;

/**
 * The tree under `rootId` from the rows of the root and its descendants (any order); null when the
 * root is not among them. A row whose parent is missing is left out; children sort by name.
 */
export function buildCompanyTree<R extends TreeRow>(rows: readonly R[], rootId: number): TreeOf<R> | null {
  const nodes = new Map<number, TreeOf<R>>(rows.map((r) => [r.id, { ...r, children: [] }]));
  for (const node of nodes.values()) {
    if (node.id !== rootId && node.parentCompanyId !== null) nodes.get(node.parentCompanyId)?.children.push(node);
  }
  for (const node of nodes.values()) node.children.sort((a, b) => a.name.localeCompare(b.name));
  return nodes.get(rootId) ?? null;
}
