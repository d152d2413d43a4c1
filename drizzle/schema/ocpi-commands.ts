/**
 * @module OCPI commands a partner's eMSP sent us as CPO (migration 0057, ADR 057 addendum "Tokens and
 * commands"): where each went, the token and authorization reference of a START_SESSION (its
 * StartTransaction is authorized and linked by them), the eMSP's reservation id of a RESERVE_NOW (our row
 * id is the OCPP reservationId), the response_url and the CommandResult sent there.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { ocpiPeerings } from './ocpi';
import { stations } from './stations';

export const ocpiCommands = sqliteTable(
  'ocpi_commands',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    peeringId: integer('peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    /** START_SESSION, STOP_SESSION, UNLOCK_CONNECTOR, RESERVE_NOW or CANCEL_RESERVATION. */
    command: text('command').notNull(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    connectorNumber: integer('connector_number'),
    tokenUid: text('token_uid'),
    tokenType: text('token_type'),
    authorizationReference: text('authorization_reference'),
    /** The eMSP's reservation id (RESERVE_NOW, CANCEL_RESERVATION). */
    reservationId: text('reservation_id'),
    /** charging_sessions.id of a STOP_SESSION. */
    sessionId: integer('session_id'),
    responseUrl: text('response_url').notNull(),
    /** The CommandResultType sent to the eMSP; null until the charge point answered. */
    result: text('result'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ocpi_commands_start_idx').on(t.stationId, t.tokenUid, t.id),
    index('ocpi_commands_reservation_idx').on(t.peeringId, t.reservationId),
  ],
);
