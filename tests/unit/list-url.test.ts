import { describe, expect, it } from 'vitest';
import { keyword, listUrl, nextListState, oneOf, pageNumber, positiveId, yearMonth } from '~/lib/list-url';

const STATUSES = ['active', 'blocked'] as const;
const url = listUrl({ q: keyword({ trim: true }), status: oneOf(STATUSES), group: positiveId(), page: pageNumber(50) });
const read = (search: string) => url.read(new URLSearchParams(search));

describe('list URL state', () => {
  it.each([
    { search: '', expected: { q: '', status: null, group: null, page: 0 } },
    {
      search: 'q=%20Lyon%20&status=blocked&group=7&page=3',
      expected: { q: 'Lyon', status: 'blocked', group: 7, page: 3 },
    },
    { search: 'status=stolen&group=-2&page=abc', expected: { q: '', status: null, group: null, page: 0 } },
    { search: 'group=0&page=-4', expected: { q: '', status: null, group: null, page: 0 } },
    { search: 'page=9999', expected: { q: '', status: null, group: null, page: 50 } },
  ])('reads "$search" as only what the list offers', ({ search, expected }) => {
    expect(read(search)).toEqual(expected);
  });

  it('cuts the keyword to 100 characters', () => {
    expect(read(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('writes the parameters in field order and leaves defaults out', () => {
    expect(url.write({ q: 'Lyon', status: 'active', group: 4, page: 2 }).toString()).toBe(
      'q=Lyon&status=active&group=4&page=2',
    );
    expect(url.write({ q: '', status: null, group: null, page: 0 }).toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    const state = { q: 'Part-Dieu', status: 'blocked' as const, group: 12, page: 1 };
    expect(url.read(url.write(state))).toEqual(state);
  });

  it('reads a month only as YYYY-MM', () => {
    const months = listUrl({ created: yearMonth() });
    expect(months.read(new URLSearchParams('created=2026-10')).created).toBe('2026-10');
    for (const bad of ['2026-13', '2026-1', '10-2026', '2026-10-01']) {
      expect(months.read(new URLSearchParams({ created: bad })).created).toBeNull();
    }
    expect(months.write({ created: '2026-02' }).toString()).toBe('created=2026-02');
  });

  it('keeps the keyword untrimmed unless the list asks', () => {
    expect(listUrl({ q: keyword() }).read(new URLSearchParams('q=%20a')).q).toBe(' a');
  });
});

describe('the next list state', () => {
  const state = { q: 'Lyon', status: 'active', page: 4 };

  it('starts a changed filter or keyword at the first page', () => {
    expect(nextListState(state, { status: 'blocked' })).toEqual({ q: 'Lyon', status: 'blocked', page: 0 });
    expect(nextListState(state, { q: 'Paris' })).toEqual({ q: 'Paris', status: 'active', page: 0 });
  });

  it('turns the page without touching the filters', () => {
    expect(nextListState(state, { page: 5 })).toEqual({ q: 'Lyon', status: 'active', page: 5 });
  });
});
