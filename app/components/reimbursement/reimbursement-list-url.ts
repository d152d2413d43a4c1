/**
 * @module The reimbursement list's URL state (the manager's list and an employee's months): keyword, statuses,
 * month or month range, sort and page, read and written by `listUrl`; and the API query it makes.
 */
import { REIMBURSEMENT_STATUSES, type ReimbursementStatus } from '@domain/reimbursement/statuses';
import { keyword, type ListField, listUrl, oneOf, pageNumber } from '../../lib/list-url';

export const REIMBURSEMENT_PAGE_SIZE = 25;
export const SORT_KEYS = ['period', 'value', 'user', 'status'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Statuses, comma-separated in the URL; unknown ones dropped. */
function statuses(): ListField<ReimbursementStatus[]> {
  return {
    read: (p, key) =>
      (p.get(key) ?? '')
        .split(',')
        .filter((s): s is ReimbursementStatus => (REIMBURSEMENT_STATUSES as readonly string[]).includes(s)),
    write: (value, key, p) => {
      if (value.length) p.set(key, value.join(','));
    },
  };
}

/** A month (YYYY-MM), else no filter. */
function month(): ListField<string | null> {
  return {
    read: (p, key) => {
      const v = p.get(key) ?? '';
      return /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? v : null;
    },
    write: (value, key, p) => {
      if (value) p.set(key, value);
    },
  };
}

export const reimbursementListUrl = listUrl({
  q: keyword({ trim: true }),
  status: statuses(),
  period: month(),
  from: month(),
  to: month(),
  sort: oneOf(SORT_KEYS),
  direction: oneOf(['asc', 'desc'] as const),
  page: pageNumber(100_000),
});
export type ReimbursementListState = ReturnType<typeof reimbursementListUrl.read>;

/** The API query of a list state (strings, as a query string carries them). */
export function listQuery(state: ReimbursementListState, userId?: number) {
  return {
    ...(state.q ? { search: state.q } : {}),
    ...(state.status.length ? { status: state.status.join(',') } : {}),
    ...(state.period ? { period: state.period } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(userId ? { user_id: String(userId) } : {}),
    sort: state.sort ?? 'period',
    direction: state.direction ?? 'desc',
    page: String(state.page),
    items_per_page: String(REIMBURSEMENT_PAGE_SIZE),
  };
}
