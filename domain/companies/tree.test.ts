import { describe, expect, it } from 'vitest';
import { buildCompanyTree, type CompanyNode } from './tree';

const names = (node: CompanyNode | null): unknown => node && { [node.name]: node.children.map((c) => names(c)) };

describe('buildCompanyTree', () => {
  const rows = [
    { id: 4, name: 'Zeta', parentCompanyId: 1 },
    { id: 1, name: 'Root', parentCompanyId: null },
    { id: 2, name: 'Alpha', parentCompanyId: 1 },
    { id: 3, name: 'Beta', parentCompanyId: 2 },
  ];

  it('nests descendants under their parents, children sorted by name, whatever the row order', () => {
    expect(names(buildCompanyTree(rows, 1))).toEqual({ Root: [{ Alpha: [{ Beta: [] }] }, { Zeta: [] }] });
  });

  it('roots the tree at the selected company even when it has a parent', () => {
    expect(names(buildCompanyTree(rows.slice(2), 2))).toEqual({ Alpha: [{ Beta: [] }] });
  });

  it('is null without the root row', () => {
    expect(buildCompanyTree(rows, 9)).toBeNull();
    expect(buildCompanyTree([], 1)).toBeNull();
  });
});
