/**
 * @module The company-group filter of the station and connector lists: one group per level
 * (`group1_id`..`group4_id`, combined with AND, like the fleet user list), and the older `group_id`
 * (a group at any of the four levels), kept so existing links and callers still work.
 */
import { eq, or, type SQL } from 'drizzle-orm';
import { stations } from '../schema';

export interface StationGroupFilter {
  group_id?: number | undefined;
  group1_id?: number | undefined;
  group2_id?: number | undefined;
  group3_id?: number | undefined;
  group4_id?: number | undefined;
}

const LEVEL_COLUMNS = [
  ['group1_id', stations.group1Id],
  ['group2_id', stations.group2Id],
  ['group3_id', stations.group3Id],
  ['group4_id', stations.group4Id],
] as const;

/** The conditions on `stations` for the filter's groups (none when no group is given). */
export function stationGroupConditions(f: StationGroupFilter): (SQL | undefined)[] {
  const out: (SQL | undefined)[] = [];
  if (f.group_id) {
    const g = f.group_id;
    out.push(or(...LEVEL_COLUMNS.map(([, column]) => eq(column, g))));
  }
  for (const [field, column] of LEVEL_COLUMNS) {
    const id = f[field];
    if (id) out.push(eq(column, id));
  }
  return out;
}

/** Whether the filter names any company group. */
export const hasStationGroupFilter = (f: StationGroupFilter) =>
  Boolean(f.group_id || f.group1_id || f.group2_id || f.group3_id || f.group4_id);
