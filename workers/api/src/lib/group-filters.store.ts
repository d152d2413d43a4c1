/**
 * @module The group filters of the station and connector lists. Company groups: one group per level
 * (`group1_id`..`group4_id`, combined with AND, like the fleet user list), and the older `group_id`
 * (a group at any of the four levels), kept so existing links and callers still work. Connector groups
 * (tags): the connector lists' `tag_id`.
 */
import { connectors, stations } from '@db/schema';
import { eq, or, type SQL, sql } from 'drizzle-orm';

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

/** The connector is in connector group `groupId`, and the group belongs to a company of `scope`. */
export function inConnectorGroup(scope: readonly number[], groupId: number) {
  return sql`${connectors.id} IN (SELECT m.connector_id FROM connector_group_connectors m
    JOIN connector_groups g ON g.id = m.group_id
    WHERE m.group_id = ${groupId} AND g.company_id IN (SELECT value FROM json_each(${JSON.stringify(scope)})))`;
}
