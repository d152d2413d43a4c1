/** @module The company tree of GET /api/me, flattened for menus. */

/** A node as it arrives (loader data types the recursive children loosely). */
interface CompanyNodeLike {
  id: number;
  name: string;
  isClosed?: boolean;
  children: unknown;
}

export interface FlatCompany {
  id: number;
  name: string;
  depth: number;
  /** Closed (ADR 050): still shown in the switcher, never offered as the target of new users or stations. */
  closed?: boolean;
}

function isNode(value: unknown): value is CompanyNodeLike {
  if (!value || typeof value !== 'object') return false;
  const node = value as Partial<CompanyNodeLike>;
  return typeof node.id === 'number' && typeof node.name === 'string';
}

/** Depth-first, parents before children, as the tree reads top to bottom. */
export function flattenCompanies(root: CompanyNodeLike | null | undefined): FlatCompany[] {
  const out: FlatCompany[] = [];
  const walk = (node: unknown, depth: number) => {
    if (!isNode(node)) return;
    out.push({ id: node.id, name: node.name, depth, closed: node.isClosed === true });
    if (Array.isArray(node.children)) for (const child of node.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return out;
}

export function companyName(root: CompanyNodeLike | null | undefined, id: number): string | undefined {
  return flattenCompanies(root).find((c) => c.id === id)?.name;
}

/** The companies a new user or station may go to: the open ones (a closed company takes none, ADR 050). */
export const openCompanies = (list: readonly FlatCompany[]): FlatCompany[] => list.filter((c) => !c.closed);
