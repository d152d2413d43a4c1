import { describe, expect, it } from 'vitest';
import { deleteError, moveError, subtreeIds } from './lifecycle';

// 1 ─┬─ 2 ─── 4
//    └─ 3
const links = [
  { id: 1, parentCompanyId: null },
  { id: 2, parentCompanyId: 1 },
  { id: 3, parentCompanyId: 1 },
  { id: 4, parentCompanyId: 2 },
];
const open = (id: number) => ({ id, isClosed: false });

describe('company tree rules', () => {
  it('finds a company and everything under it', () => {
    expect([...subtreeIds(links, 2)].sort()).toEqual([2, 4]);
    expect([...subtreeIds(links, 1)].sort()).toEqual([1, 2, 3, 4]);
  });

  it('stops on a cycle already in the data', () => {
    const cyclic = [
      { id: 5, parentCompanyId: 6 },
      { id: 6, parentCompanyId: 5 },
    ];
    expect([...subtreeIds(cyclic, 5)].sort()).toEqual([5, 6]);
  });

  it('refuses a move under the company itself or one of its descendants', () => {
    expect(moveError(links, 2, open(2))).toBe('companyMoveCycle');
    expect(moveError(links, 2, open(4))).toBe('companyMoveCycle');
    expect(moveError(links, 1, open(4))).toBe('companyMoveCycle');
  });

  it('allows a move under a sibling or an ancestor, never under a closed company', () => {
    expect(moveError(links, 4, open(3))).toBeNull();
    expect(moveError(links, 4, open(1))).toBeNull();
    expect(moveError(links, 3, open(4))).toBeNull();
    expect(moveError(links, 3, { id: 4, isClosed: true })).toBe('companyParentClosed');
  });
});

describe('company deletion', () => {
  const facts = { typedName: 'Acme  fleet ', name: 'ACME Fleet', children: 0, stations: 0, isCallersOwn: false };

  it('accepts the typed name whatever its case and spacing', () => {
    expect(deleteError(facts)).toBeNull();
  });

  it('refuses another name, the caller’s own company, children and stations', () => {
    expect(deleteError({ ...facts, typedName: 'Acme' })).toBe('companyDeleteNameMismatch');
    expect(deleteError({ ...facts, isCallersOwn: true })).toBe('companyDeleteOwn');
    expect(deleteError({ ...facts, children: 1 })).toBe('companyDeleteHasChildren');
    expect(deleteError({ ...facts, stations: 2 })).toBe('companyDeleteHasStations');
  });
});
