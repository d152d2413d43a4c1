/** @module What a bulk membership change of a connector group does: which connectors change, and the counts it answers. */

export type BulkAction = 'add' | 'remove';

export interface BulkCounts {
  /** Distinct connectors the call covered. */
  requested: number;
  added: number;
  already_members: number;
  removed: number;
  not_members: number;
}

/**
 * Given the distinct `ids` a call covers and which of them are members already, the connectors that
 * change (added: the non-members; removed: the members) and the counts the list's banner shows.
 */
export function bulkChange(
  action: BulkAction,
  ids: readonly number[],
  members: ReadonlySet<number>,
): { changing: number[]; counts: BulkCounts } {
  const changing = action === 'add' ? ids.filter((id) => !members.has(id)) : ids.filter((id) => members.has(id));
  return {
    changing,
    counts: {
      requested: ids.length,
      added: action === 'add' ? changing.length : 0,
      already_members: action === 'add' ? members.size : 0,
      removed: action === 'remove' ? changing.length : 0,
      not_members: action === 'remove' ? ids.length - members.size : 0,
    },
  };
}
