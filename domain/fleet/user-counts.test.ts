import { describe, expect, it } from 'vitest';
import { userCounts } from './user-counts';

describe('fleet overview counts (spec 7.8 users/count)', () => {
  const stored = { total: 10, deleted: 3, charging: 2 };

  it('every user, deleted ones counted apart', () => {
    expect(userCounts(stored, 1, false)).toEqual({
      total: 10,
      active: 7,
      deleted: 3,
      charging: 2,
      idle: 5,
      near_limit: 1,
    });
  });

  it('service setting 42: deleted users are not counted at all', () => {
    expect(userCounts(stored, 0, true)).toEqual({
      total: 7,
      active: 7,
      deleted: 0,
      charging: 2,
      idle: 5,
      near_limit: 0,
    });
  });
});
