/** @module The OCPP 2.0.1 device model a station reported in NotifyReport (issue 23 block B, ADR 058 addendum; migration 0059). */

import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { stations } from './stations';

/** One attribute (Actual, Target, MinSet, MaxSet) of one variable of one component of a station. */
export const stationDeviceVariables = sqliteTable(
  'station_device_variables',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** `Component[:instance][@evse[.connector]]/Variable[:instance]` (domain/ocpp/device-model.ts). */
    key: text('key').notNull(),
    component: text('component').notNull(),
    componentInstance: text('component_instance'),
    evseId: integer('evse_id'),
    connectorId: integer('connector_id'),
    variable: text('variable').notNull(),
    variableInstance: text('variable_instance'),
    attributeType: text('attribute_type').notNull(),
    value: text('value'),
    mutability: text('mutability'),
    persistent: integer('persistent', { mode: 'boolean' }),
    constant: integer('constant', { mode: 'boolean' }),
    dataType: text('data_type'),
    unit: text('unit'),
    minLimit: real('min_limit'),
    maxLimit: real('max_limit'),
    valuesList: text('values_list'),
    /** The GetBaseReport request whose NotifyReport carried it last. */
    requestId: integer('request_id'),
    reportedAt: timestamp('reported_at').notNull(),
  },
  (t) => [
    uniqueIndex('station_device_variables_key').on(t.stationId, t.key, t.attributeType),
    index('station_device_variables_component').on(t.stationId, t.component),
  ],
);
