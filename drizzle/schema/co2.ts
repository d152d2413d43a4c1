/** @module CO2 avoided (ADR 053): each company's own baseline figures per vehicle class (migration 0048). */
import { sql } from 'drizzle-orm';
import { integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { FUELS, VEHICLE_CLASSES } from '../../domain/co2/factors';
import { timestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/** A null figure keeps the method's default for that class. */
export const companyCo2Baselines = sqliteTable(
  'company_co2_baselines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vehicleClass: text('vehicle_class', { enum: VEHICLE_CLASSES }).notNull(),
    evKwhPer100Km: real('ev_kwh_per_100km'),
    iceLitresPer100Km: real('ice_litres_per_100km'),
    fuel: text('fuel', { enum: FUELS }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('company_co2_baselines_company_class_unique').on(t.companyId, t.vehicleClass)],
);
