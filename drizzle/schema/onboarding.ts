/** @module Station onboarding: the station templates (spec 7.9 `station-templates`) and each station's onboarding steps. */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ONBOARDING_STEPS, STEP_STATUSES } from '../../domain/onboarding/onboarding';
import { POWER_TYPES } from '../../domain/stations/statuses';
import { createdAt, timestamp } from './columns';
import { stations } from './stations';
import { users } from './users';

/** A station model an operator installs: what the hardware is, and which connectors it has. */
export const stationTemplates = sqliteTable(
  'station_templates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Stable name, e.g. "Alpitronic HYC150 (2 × CCS2)"; stored on the station's `template` column. */
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    powerType: text('power_type', { enum: POWER_TYPES }).notNull(),
    voltage: integer('voltage').notNull(),
    amperage: integer('amperage').notNull(),
    profile: text('profile'),
    urlType: text('url_type').notNull().default('ocpp1.6'),
    /** JSON array: { connectorNumber, plugType, plugFormat, maxPowerW, capabilities[] }. */
    connectorsJson: text('connectors_json').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('station_templates_name_unique').on(t.name)],
);

/** The outcome of each onboarding step of a station: retried steps overwrite their row, the audit log keeps history. */
export const stationOnboardingSteps = sqliteTable(
  'station_onboarding_steps',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    step: text('step', { enum: ONBOARDING_STEPS }).notNull(),
    status: text('status', { enum: STEP_STATUSES }).notNull(),
    /** API message key explaining a failure, e.g. noPeeringConfigured. */
    messageKey: text('message_key'),
    attempts: integer('attempts').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.step] }), index('station_onboarding_steps_status_idx').on(t.status)],
);
