/** @module Connector groups (tags) as a condition of the connector lists. */
import { sql } from 'drizzle-orm';
import { connectors } from '../schema';

/** The connector is in group `groupId`, and the group belongs to a company of `scope`. */
export function inConnectorGroup(scope: readonly number[], groupId: number) {
  return sql`${connectors.id} IN (SELECT m.connector_id FROM connector_group_connectors m
    JOIN connector_groups g ON g.id = m.group_id
    WHERE m.group_id = ${groupId} AND g.company_id IN (SELECT value FROM json_each(${JSON.stringify(scope)})))`;
}
