/**
 * @module Which stations are sent to which roaming peering (migration 0056, ADR 057 addendum "Locations
 * and tariffs"): a station bound to a peering (onboarding `bind-peering`, `publish-on-emp`) is an OCPI
 * Location of that peering; the outcome of its last publish is kept for the onboarding screen.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { ocpiPeerings } from './ocpi';
import { stations } from './stations';

export const stationPeerings = sqliteTable(
  'station_peerings',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    boundAt: timestamp('bound_at').notNull(),
    /** When the partner last accepted the Location; null until then. */
    publishedAt: timestamp('published_at'),
    /** The partner's refusal of the last publish, if it refused. */
    publishError: text('publish_error'),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.peeringId] }),
    index('station_peerings_peering_idx').on(t.peeringId, t.stationId),
  ],
);
