/** The pager of the URL-driven lists and report screens: zero-based page, label with or without a count. */
import { describe, expect, it } from 'vitest';
import { listPagination } from '../../app/components/lists/list-controls';

describe('listPagination', () => {
  it('pages from zero, with the count in the label when given', () => {
    const visited: number[] = [];
    const p = listPagination(1, 120, 50, (n) => visited.push(n), '120 rows');
    expect(p).toMatchObject({ hasPrevious: true, hasNext: true, label: '2 / 3 · 120 rows' });
    p.onPrevious?.();
    p.onNext?.();
    expect(visited).toEqual([0, 2]);
  });

  it('shows only "page / pages" without a count label, and one page for an empty list', () => {
    expect(listPagination(2, 120, 50, () => {}, '')).toMatchObject({ hasNext: false, label: '3 / 3' });
    expect(listPagination(0, 0, 50, () => {}, '')).toMatchObject({
      hasPrevious: false,
      hasNext: false,
      label: '1 / 1',
    });
  });
});
