/**
 * @module Charging sessions (CDRs), one row per OCPP transaction, written idempotently by the
 * ChargePoint object; connector status history; the customer-service log of commands.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CONNECTOR_STATUSES } from '../../domain/stations/statuses';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { rfids } from './rfids';
import { connectors, stations } from './stations';
import { users } from './users';

export const SESSION_STATUSES = ['in_progress', 'closed'] as const;
/** Prices are never a silent 0: a session is unpriced (with a note) until the pricing engine runs. */
export const PRICING_STATUSES = ['unpriced', 'priced'] as const;

/**
 * The CDR's snapshot and price columns (spec section 3, Session record), shared by our charging sessions
 * and our drivers' roaming sessions (`ocpi_emsp_sessions`, ocpi-emsp-sessions.ts): the session lists read
 * both tables by these names.
 */
export const cdrShownColumns = () => ({
  // Snapshot fields: what the CDR showed at the time, kept when users or stations change.
  connectorEvseId: text('connector_evse_id'),
  childEmail: text('child_email'),
  childPlate: text('child_plate'),
  childEmployeeId: text('child_employee_id'),
  childCostCenter: text('child_cost_center'),
  corporateGroupName: text('corporate_group_name'),
  userKeyHangerCode: text('user_key_hanger_code'),
  userEmail: text('user_email'),
  userCode: text('user_code'),
  stationName: text('station_name'),
  stationCity: text('station_city'),
  stationStreet: text('station_street'),
  plugType: text('plug_type'),
  plugMaxElectricPowerW: integer('plug_max_electric_power'),
  // Prices in minor units of `currency`; null until priced.
  currency: text('currency').notNull().default('EUR'),
  pricingStatus: text('pricing_status', { enum: PRICING_STATUSES }).notNull().default('unpriced'),
  pricingNote: text('pricing_note'),
  empTotal: integer('emp_price_total'),
  empNetTotal: integer('emp_price_net_total'),
  empEnergy: integer('emp_price_energy'),
  empNetEnergy: integer('emp_price_net_energy'),
  empTime: integer('emp_price_time'),
  empPenalty: integer('emp_price_penalty'),
  empNetPenalty: integer('emp_price_net_penalty'),
  subcpoTotal: integer('subcpo_price_total'),
  subcpoEnergy: integer('subcpo_price_energy'),
  subcpoTime: integer('subcpo_price_time'),
  subcpoPenalty: integer('subcpo_price_penalty'),
  ownerTotal: integer('owner_price_total'),
  ownerEnergy: integer('owner_price_energy'),
  ownerPenalty: integer('owner_price_penalty'),
  /** Owner cost per kWh in minor units times 1000. */
  ownerCostPerKwh: integer('owner_cost_per_kwh'),
});

export const chargingSessions = sqliteTable(
  'charging_sessions',
  {
    /** Also the OCPP transactionId allocated by the system. */
    id: integer('id').primaryKey({ autoIncrement: true }),
    cdrId: text('cdr_id').notNull(),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('in_progress'),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    connectorId: integer('connector_id').references(() => connectors.id),
    connectorNumber: integer('connector_number').notNull(),
    /** Operator company of the station at the time of the session. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ownerCompanyId: integer('owner_company_id').references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    rfidId: integer('rfid_id').references(() => rfids.id),
    /** cdr_auth_id: the idTag as sent by the charge point. */
    authId: text('auth_id').notNull(),
    startMethod: text('start_method').notNull().default('RFID'),
    /** Idempotency: the charge point's own identifiers of the start (replays carry the same). */
    startKey: text('start_key').notNull(),
    startAt: timestamp('cdr_start').notNull(),
    endAt: timestamp('cdr_end'),
    stopChargingAt: timestamp('cdr_stop_charging_date'),
    chargingEndAt: timestamp('cdr_charging_end'),
    meterStartWh: integer('meter_start_wh').notNull(),
    meterStopWh: integer('meter_stop_wh'),
    /** cdr_consumed_energy in Wh. */
    energyWh: integer('cdr_consumed_energy'),
    /** cdr_time in seconds (start to end). */
    durationS: integer('cdr_time'),
    /** cdr_time_charged in minutes. */
    chargingMinutes: integer('cdr_time_charged'),
    /** cdr_total_parking_time in seconds. */
    parkingS: integer('cdr_total_parking_time'),
    stopReason: text('stop_reason'),
    odometerKm: integer('cdr_odometer'),
    needsRevision: integer('cdr_needs_revision').notNull().default(0),
    /**
     * The idTagInfo status a StartTransaction was answered with when not Accepted (ADR 040): such a
     * session is closed from its start, never concurrent with another and never billed.
     */
    refusedStatus: text('refused_status'),
    /** 1: closed by the back office because the charge point showed the transaction had ended without its StopTransaction (ADR 040). */
    endedWithoutStop: integer('ended_without_stop').notNull().default(0),
    remark: text('cdr_remark'),
    operatorId: text('cdr_operator_id'),
    partnerSessionId: text('cdr_partner_session_id'),
    /** The peering whose e-mobility provider's token authorised the session (OCPI, migration 0055). */
    ocpiPeeringId: integer('ocpi_peering_id'),
    ocpiTokenUid: text('ocpi_token_uid'),
    ocpiAuthorizationReference: text('ocpi_authorization_reference'),
    /** How the partner's token was authorized (AUTH_REQUEST, COMMAND, WHITELIST; migration 0064): the OCPI `auth_method`. */
    ocpiAuthMethod: text('ocpi_auth_method'),
    typeId: integer('cdr_type_id'),
    /** The driver's customer group when the session started (pricing picks tariffs by it). */
    customerGroupId: integer('customer_group_id'),
    ...cdrShownColumns(),
    vatValue: integer('cdr_vat_value'),
    /** Downsampled power curve [[epoch ms, W, Wh]], written at close for the session detail. */
    meterCurveJson: text('meter_curve_json'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('charging_sessions_cdr_unique').on(t.cdrId),
    uniqueIndex('charging_sessions_start_key_unique').on(t.stationId, t.startKey),
    index('charging_sessions_station_idx').on(t.stationId, t.status),
    index('charging_sessions_company_idx').on(t.companyId, t.startAt),
    // Fleet lists: a driver's sessions by start, with the list filters' columns, so the page query
    // (ids first, then 25 rows) filters and orders without reading the table (ADR 033 addendum).
    index('charging_sessions_user_idx').on(t.userId, t.startAt, t.id, t.status, t.stationId, t.startMethod, t.authId),
    index('charging_sessions_auth_idx').on(t.authId, t.status),
    // Session lists: newest first across a company tree, and the owner variants' scope.
    index('charging_sessions_start_idx').on(t.startAt),
    index('charging_sessions_owner_idx').on(t.ownerCompanyId, t.startAt),
    index('charging_sessions_customer_group_idx').on(t.customerGroupId, t.startAt),
    // The OCPI sessions pull: one peering's sessions by last update (partial: most sessions have no peering).
    index('charging_sessions_ocpi_peering_idx')
      .on(t.ocpiPeeringId, t.updatedAt, t.id)
      .where(sql`${t.ocpiPeeringId} IS NOT NULL`),
    // Lists sorted by energy, duration or a total: the order within each company (network variants) or
    // driver (fleet variants), so ORDER BY … LIMIT stops early in each instead of sorting the scope.
    ...(
      [
        ['energy', t.energyWh],
        ['time', t.durationS],
        ['emp_total', t.empTotal],
        ['emp_net_total', t.empNetTotal],
        ['subcpo_total', t.subcpoTotal],
        ['owner_total', t.ownerTotal],
      ] as const
    ).map(([name, col]) => index(`charging_sessions_company_${name}_idx`).on(t.companyId, col, t.id, t.startAt)),
    ...(
      [
        ['energy', t.energyWh],
        ['time', t.durationS],
        ['emp_total', t.empTotal],
        ['emp_net_total', t.empNetTotal],
      ] as const
    ).map(([name, col]) => index(`charging_sessions_user_${name}_idx`).on(t.userId, col, t.id, t.startAt)),
    // Owner variants: their scope is operated OR owned, so a sorted page merges two ordered walks, one
    // on the company indexes above and one on these (ADR 033, second addendum).
    ...(
      [
        ['energy', t.energyWh],
        ['time', t.durationS],
        ['emp_total', t.empTotal],
        ['owner_total', t.ownerTotal],
      ] as const
    ).map(([name, col]) => index(`charging_sessions_owner_${name}_idx`).on(t.ownerCompanyId, col, t.id, t.startAt)),
  ],
);

export const connectorStatusHistory = sqliteTable(
  'connector_status_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONNECTOR_STATUSES }).notNull(),
    errorCode: text('error_code'),
    info: text('info'),
    at: timestamp('at').notNull(),
  },
  (t) => [index('connector_status_history_idx').on(t.connectorId, t.at)],
);

export const customerServiceLogs = sqliteTable(
  'customer_service_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    stationId: integer('station_id').references(() => stations.id),
    connectorId: integer('connector_id').references(() => connectors.id),
    connectorEvseId: text('connector_evseid'),
    /** Who sent the command. */
    userId: integer('user_id').references(() => users.id),
    /** The command, e.g. UnlockConnector, Reset, RemoteStartTransaction. */
    action: text('action').notNull(),
    /** JSON: the request sent and the charge point's reply or the error. */
    detailJson: text('detail_json'),
    result: text('result', { enum: ['success', 'failed'] }).notNull(),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_service_logs_company_idx').on(t.companyId, t.createdAt)],
);
