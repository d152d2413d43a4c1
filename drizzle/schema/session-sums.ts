/**
 * @module Sums of charging sessions per UTC day and per block of 32 days, kept by triggers on
 * `charging_sessions` (and on the user and station columns they depend on), so the session lists'
 * footer sums over a whole company scope read a few thousand rows instead of every session
 * (ADR 033). One row per period and every dimension a list filter can use without a
 * session-level column: operator, owner, the driver's company, the station type, the customer group,
 * status, channel (MPS / QR), priced, needs revision.
 * Each summed CDR column has its sum and its count of non-null values (so an all-null sum stays null).
 * Absent ids are 0 and an absent station type is '' (a primary key column cannot hold NULL usefully).
 */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The CDR columns summed by any session list footer (domain/sessions/variants.ts, `sum: true`). */
export const SESSION_SUM_COLUMNS = [
  'cdr_consumed_energy',
  'cdr_time',
  'cdr_time_charged',
  'cdr_total_parking_time',
  'cdr_vat_value',
  'emp_price_total',
  'emp_price_net_total',
  'emp_price_energy',
  'emp_price_net_energy',
  'emp_price_time',
  'emp_price_penalty',
  'emp_price_net_penalty',
  'subcpo_price_total',
  'subcpo_price_energy',
  'subcpo_price_time',
  'subcpo_price_penalty',
  'owner_price_total',
  'owner_price_energy',
  'owner_price_penalty',
] as const;

const sums = Object.fromEntries(
  SESSION_SUM_COLUMNS.flatMap((k) => [
    [k, integer(k).notNull().default(0)],
    [`${k}_n`, integer(`${k}_n`).notNull().default(0)],
  ]),
) as Record<
  (typeof SESSION_SUM_COLUMNS)[number] | `${(typeof SESSION_SUM_COLUMNS)[number]}_n`,
  ReturnType<typeof integer>
>;

export const sessionDaySums = sqliteTable(
  'session_day_sums',
  {
    /** 0: `period` is a UTC day (cdr_start / 86,400,000); 1: a block of 32 such days (day / 32). */
    grain: integer('grain').notNull(),
    period: integer('period').notNull(),
    companyId: integer('company_id').notNull(),
    ownerCompanyId: integer('owner_company_id').notNull(),
    /** The company of the session's driver (users.company_id), 0 without a driver. */
    userCompanyId: integer('user_company_id').notNull(),
    /** stations.type of the session's station, '' when the station is gone. */
    stationType: text('station_type').notNull(),
    customerGroupId: integer('customer_group_id').notNull(),
    status: text('status').notNull(),
    /** QR, POS or an EP- auth id: the mobility payment service channel. */
    mps: integer('mps').notNull(),
    qr: integer('qr').notNull(),
    priced: integer('priced').notNull(),
    needsRevision: integer('needs_revision').notNull(),
    n: integer('n').notNull().default(0),
    ...sums,
  },
  (t) => [
    primaryKey({
      columns: [
        t.grain,
        t.period,
        t.companyId,
        t.ownerCompanyId,
        t.userCompanyId,
        t.stationType,
        t.customerGroupId,
        t.status,
        t.mps,
        t.qr,
        t.priced,
        t.needsRevision,
      ],
    }),
  ],
);
