/** @module What billing runs on: every Stripe event received (the webhook log) and the scheduled jobs' runs. */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';

/**
 * Every Stripe event received, stored before it is applied: the primary key makes a replay a no-op,
 * `outcome` says what applying did (applied, duplicate, stale, ignored, failed).
 */
export const stripeEvents = sqliteTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The connected account the event came from (Connect), null for the platform's own. */
    account: text('account'),
    objectId: text('object_id'),
    /** Stripe's `created`, seconds. */
    created: integer('created').notNull(),
    payloadJson: text('payload_json').notNull(),
    receivedAt: createdAt(),
    appliedAt: timestamp('applied_at'),
    outcome: text('outcome', { enum: ['pending', 'applied', 'stale', 'ignored', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    deliveries: integer('deliveries').notNull().default(1),
    // webhooks (migration 0032): why an `ignored` event was not applied.
    reason: text('reason'),
  },
  (t) => [
    index('stripe_events_received_idx').on(t.receivedAt),
    index('stripe_events_object_idx').on(t.objectId),
    // webhooks (migration 0032): the log screen lists a connected account's events newest first.
    index('stripe_events_account_idx').on(t.account, t.receivedAt),
  ],
);

/**
 * One run of a scheduled job (the monthly invoice job, and later others): where it stands, so a run
 * that crashed resumes from `cursor` and a second run of the same period does nothing twice.
 */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    job: text('job').notNull(),
    /** What the run covers, e.g. '2026-10' for a month. */
    period: text('period').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    /** The last processed key (e.g. company id); the next chunk starts after it. */
    cursor: text('cursor'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    chunks: integer('chunks').notNull().default(0),
    triggeredBy: integer('triggered_by'),
    error: text('error'),
    startedAt: createdAt(),
    heartbeatAt: timestamp('heartbeat_at'),
    finishedAt: timestamp('finished_at'),
  },
  (t) => [uniqueIndex('job_runs_job_period_uq').on(t.job, t.period), index('job_runs_started_idx').on(t.startedAt)],
);
