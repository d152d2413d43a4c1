/**
 * @module Our drivers' roaming sessions at a partner CPO's stations (OCPI as e-mobility provider, migration
 * 0066, ADR 057 addendum "EMSP: sessions and CDRs"). A companion of `charging_sessions` (which cannot hold a
 * session without one of our stations): the columns the session lists show and filter carry the same SQL
 * names, so a list reads both tables with one WHERE. The partner's identity, its last Session object and
 * its CDR are kept beside them; a partner CDR id is taken once.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { companies } from './companies';
import { ocpiPeerings } from './ocpi';
import { rfids } from './rfids';
import { cdrShownColumns } from './sessions';
import { users } from './users';

export const ocpiEmspSessions = sqliteTable(
  'ocpi_emsp_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Our id of the session (a UUID, as charging_sessions.cdr_id). */
    cdrId: text('cdr_id').notNull(),
    status: text('status', { enum: ['in_progress', 'closed'] })
      .notNull()
      .default('in_progress'),
    refusedStatus: text('refused_status'),
    endedWithoutStop: integer('ended_without_stop').notNull().default(0),
    /** Always NULL: the station is the partner's (kept so the lists' SQL reads both tables alike). */
    stationId: integer('station_id'),
    connectorId: integer('connector_id'),
    connectorNumber: integer('connector_number'),
    /** The e-mobility provider: the company of the peering. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ownerCompanyId: integer('owner_company_id'),
    userId: integer('user_id').references(() => users.id),
    rfidId: integer('rfid_id').references(() => rfids.id),
    customerGroupId: integer('customer_group_id'),
    /** cdr_auth_id: the token uid the partner names. */
    authId: text('auth_id').notNull(),
    startMethod: text('start_method').notNull().default('RFID'),
    startAt: timestamp('cdr_start').notNull(),
    endAt: timestamp('cdr_end'),
    stopChargingAt: timestamp('cdr_stop_charging_date'),
    chargingEndAt: timestamp('cdr_charging_end'),
    meterStartWh: integer('meter_start_wh').notNull().default(0),
    meterStopWh: integer('meter_stop_wh'),
    energyWh: integer('cdr_consumed_energy'),
    durationS: integer('cdr_time'),
    chargingMinutes: integer('cdr_time_charged'),
    parkingS: integer('cdr_total_parking_time'),
    stopReason: text('stop_reason'),
    odometerKm: integer('cdr_odometer'),
    needsRevision: integer('cdr_needs_revision').notNull().default(0),
    remark: text('cdr_remark'),
    /** The partner CPO party, `NL*PRT`. */
    operatorId: text('cdr_operator_id'),
    /** The partner's Session id. */
    partnerSessionId: text('cdr_partner_session_id').notNull(),
    typeId: integer('cdr_type_id'),
    // The CDR's snapshot and prices; subcpo_price_*: what the partner charges us (its CDR's total_cost and
    // parts, excl. VAT, minor units of cpo_currency), emp_price_*: the driver's price by our EMSP tariff.
    ...cdrShownColumns(),
    vatValue: integer('cdr_vat_value'),
    empTariffId: integer('emp_tariff_id'),
    protocol: text('protocol').notNull().default('OCPI'),
    peeringId: integer('ocpi_peering_id')
      .notNull()
      .references(() => ocpiPeerings.id, { onDelete: 'cascade' }),
    countryCode: text('ocpi_country_code').notNull(),
    partyId: text('ocpi_party_id').notNull(),
    locationId: text('ocpi_location_id').notNull(),
    evseUid: text('ocpi_evse_uid').notNull(),
    ocpiConnectorId: text('ocpi_connector_id').notNull(),
    ocpiStatus: text('ocpi_status').notNull(),
    lastUpdated: timestamp('ocpi_last_updated').notNull(),
    sessionJson: text('session_json').notNull(),
    cpoCurrency: text('cpo_currency'),
    cpoCostInclVat: integer('cpo_cost_incl_vat'),
    partnerCdrId: text('partner_cdr_id'),
    cdrJson: text('cdr_json'),
    cdrReceivedAt: timestamp('cdr_received_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at'),
  },
  (t) => [
    uniqueIndex('ocpi_emsp_sessions_cdr_unique').on(t.cdrId),
    uniqueIndex('ocpi_emsp_sessions_identity_idx').on(t.peeringId, t.countryCode, t.partyId, t.partnerSessionId),
    uniqueIndex('ocpi_emsp_sessions_partner_cdr_idx')
      .on(t.peeringId, t.countryCode, t.partyId, t.partnerCdrId)
      .where(sql`${t.partnerCdrId} IS NOT NULL`),
    index('ocpi_emsp_sessions_company_idx').on(t.companyId, t.startAt),
    index('ocpi_emsp_sessions_user_idx').on(t.userId, t.startAt),
    index('ocpi_emsp_sessions_customer_group_idx').on(t.customerGroupId, t.startAt),
  ],
);
