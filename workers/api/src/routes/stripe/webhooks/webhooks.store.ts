/**
 * @module The stored Stripe events (issue 17 §9): every verified event is inserted before it is
 * applied, keyed by Stripe's id, so a replay is a no-op; and the webhook log's reads, limited to the
 * caller's connected accounts (platform events to super users only).
 */
import type { Db } from '@db/db';
import { billingAccounts, stripeEvents } from '@db/schema';
import { and, count, desc, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';

export type StoredEvent = typeof stripeEvents.$inferSelect;

export interface IncomingEvent {
  id: string;
  type: string;
  account: string | null;
  objectId: string | null;
  created: number;
  payloadJson: string;
}

const sqlIncrement = sql`${stripeEvents.deliveries} + 1`;

/**
 * Stores the event, or claims it again when its last apply failed. `apply`: this delivery must apply
 * it (first delivery, or redelivery of a failed one); otherwise it is a replay, counted and ignored.
 * One batch: the insert that does nothing on a known id, then the claim of a failed one.
 */
export async function recordEvent(db: Db, e: IncomingEvent): Promise<{ apply: boolean }> {
  const [inserted, reclaimed] = await db.batch([
    db
      .insert(stripeEvents)
      .values(e)
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id }),
    db
      .update(stripeEvents)
      .set({ outcome: 'pending', error: null, deliveries: sqlIncrement })
      .where(and(eq(stripeEvents.id, e.id), eq(stripeEvents.outcome, 'failed')))
      .returning({ id: stripeEvents.id }),
  ]);
  if (inserted.length > 0 || reclaimed.length > 0) return { apply: true };
  await db.update(stripeEvents).set({ deliveries: sqlIncrement }).where(eq(stripeEvents.id, e.id));
  return { apply: false };
}

/** The outcome of an apply that wrote nothing (stale, ignored) or failed. */
export function markEvent(
  db: Db,
  id: string,
  outcome: 'stale' | 'ignored' | 'failed',
  detail: { reason?: string; error?: string } = {},
) {
  return db
    .update(stripeEvents)
    .set({ outcome, appliedAt: new Date(), reason: detail.reason ?? null, error: detail.error ?? null })
    .where(eq(stripeEvents.id, id));
}

/** The `applied` mark, written in one batch with the change it records. */
export function markApplied(db: Db, id: string) {
  return db
    .update(stripeEvents)
    .set({ outcome: 'applied', appliedAt: new Date(), reason: null, error: null })
    .where(eq(stripeEvents.id, id));
}

/** The company of a connected account, or null when the account is not one of ours. */
export async function accountCompany(db: Db, stripeAccountId: string): Promise<number | null> {
  const row = await db
    .select({ companyId: billingAccounts.companyId })
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeAccountId, stripeAccountId))
    .get();
  return row?.companyId ?? null;
}

/** Who reads the log: the companies of its scope, and whether platform events are visible (super users). */
export interface LogReader {
  scope: number[];
  platform: boolean;
}

/** Events of the scope's connected accounts, and the platform's own for a super user. */
function visible(db: Db, reader: LogReader): SQL | undefined {
  const accounts = db
    .select({ id: billingAccounts.stripeAccountId })
    .from(billingAccounts)
    .where(inArray(billingAccounts.companyId, reader.scope));
  const ofScope = inArray(stripeEvents.account, accounts);
  return reader.platform ? or(ofScope, isNull(stripeEvents.account)) : ofScope;
}

export interface LogFilters {
  q?: string;
  type?: string;
  outcome?: StoredEvent['outcome'];
  page: number;
  items_per_page: number;
}

/** A page of the log, newest first, without payloads. */
export async function listEvents(db: Db, reader: LogReader, f: LogFilters) {
  const where = and(
    visible(db, reader),
    f.q ? or(eq(stripeEvents.id, f.q), eq(stripeEvents.objectId, f.q)) : undefined,
    f.type ? eq(stripeEvents.type, f.type) : undefined,
    f.outcome ? eq(stripeEvents.outcome, f.outcome) : undefined,
  );
  const { payloadJson: _payload, ...columns } = getTableColumns(stripeEvents);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(stripeEvents)
      .where(where)
      .orderBy(desc(stripeEvents.receivedAt), desc(stripeEvents.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(stripeEvents).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One event of the log with its payload, or null when it is not visible to the reader. */
export async function eventDetail(db: Db, reader: LogReader, id: string) {
  const row = await db
    .select()
    .from(stripeEvents)
    .where(and(eq(stripeEvents.id, id), visible(db, reader)))
    .get();
  return row ?? null;
}

/** The event types received in the reader's scope, for the log's type filter. */
export async function eventTypes(db: Db, reader: LogReader): Promise<string[]> {
  const rows = await db
    .selectDistinct({ type: stripeEvents.type })
    .from(stripeEvents)
    .where(visible(db, reader))
    .orderBy(stripeEvents.type);
  return rows.map((r) => r.type);
}
