/**
 * @module Rows deleted from the D1 tables the warehouse copies (ADR 052 addendum, migration 0053):
 * AFTER DELETE triggers on charging_sessions, connector_status_history, stations, connectors,
 * companies, tariffs and users record each deletion here; the warehouse sync deletes the copies and
 * then these rows.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const warehouseTombstones = sqliteTable('warehouse_tombstones', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** The D1 table the row was deleted from. */
  tableName: text('table_name').notNull(),
  rowId: integer('row_id').notNull(),
  /** When it was deleted (ms). */
  deletedAt: integer('deleted_at').notNull(),
});
