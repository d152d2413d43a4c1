/**
 * @module Every read and write of the OCPI tables (migration 0052) for the /ocpi transport, the outbox
 * and the peerings API: peerings by the hash of the token a partner presents, our parties, the message
 * log and the outbox rows.
 */
import type { Db } from '@db/db';
import { companies, ocpiMessages, ocpiOutbox, ocpiParties, ocpiPeerings } from '@db/schema';
import { and, asc, desc, eq, isNull, lt, lte, sql } from 'drizzle-orm';

export type PeeringRow = typeof ocpiPeerings.$inferSelect;
export type PartyRow = typeof ocpiParties.$inferSelect;
export type PeeringUpdate = Partial<Omit<typeof ocpiPeerings.$inferInsert, 'id' | 'companyId'>>;

/** The peering whose partner presents the token of this hash (any state: the caller decides). */
export const peeringByTokenHash = (db: Db, hash: string) =>
  db.select().from(ocpiPeerings).where(eq(ocpiPeerings.incomingTokenHash, hash)).get();

export const peeringById = (db: Db, id: number) => db.select().from(ocpiPeerings).where(eq(ocpiPeerings.id, id)).get();

export async function updatePeering(db: Db, id: number, values: PeeringUpdate, at = new Date()) {
  await db
    .update(ocpiPeerings)
    .set({ ...values, updatedAt: at })
    .where(eq(ocpiPeerings.id, id));
}

export const partiesOf = (db: Db, companyId: number) =>
  db.select().from(ocpiParties).where(eq(ocpiParties.companyId, companyId)).orderBy(asc(ocpiParties.id)).all();

export const companyForParties = (db: Db, companyId: number) =>
  db
    .select({ id: companies.id, name: companies.name, country: companies.country, web: companies.web })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();

export async function insertParties(db: Db, rows: (typeof ocpiParties.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(ocpiParties).values(rows).onConflictDoNothing();
}

export interface MessageEntry {
  peeringId: number;
  direction: 'in' | 'out';
  method: string;
  urlPath: string;
  httpStatus: number | null;
  ocpiStatus: number | null;
  durationMs: number;
  requestId: string | null;
  correlationId: string | null;
  body: string | null;
}

export async function logMessage(db: Db, entry: MessageEntry) {
  await db.insert(ocpiMessages).values(entry);
}

export type OutboxRow = typeof ocpiOutbox.$inferSelect;

/** Queues work for a peering, due now; a queued row of the same kind is reused rather than doubled. */
export async function enqueue(db: Db, peeringId: number, kind: string, at: Date): Promise<number> {
  const queued = await db
    .select({ id: ocpiOutbox.id })
    .from(ocpiOutbox)
    .where(and(eq(ocpiOutbox.peeringId, peeringId), eq(ocpiOutbox.kind, kind), eq(ocpiOutbox.state, 'queued')))
    .get();
  if (queued) {
    await db.update(ocpiOutbox).set({ nextAttemptAt: at }).where(eq(ocpiOutbox.id, queued.id));
    return queued.id;
  }
  const row = await db
    .insert(ocpiOutbox)
    .values({ peeringId, kind, nextAttemptAt: at })
    .returning({ id: ocpiOutbox.id })
    .get();
  return row.id;
}

/**
 * Queues a push of one object to a peering (ADR 057 addendum). Without a payload the push sends the
 * object's state at delivery, so a queued row for the same object that no attempt holds is reused (made
 * due now) rather than doubled; with a payload (a CDR, a command result) every push is its own row.
 */
export async function enqueuePush(
  db: Db,
  push: { peeringId: number; kind: string; objectKey: string; payload?: unknown },
  at: Date,
): Promise<number> {
  if (push.payload === undefined) {
    const queued = await db
      .select({ id: ocpiOutbox.id })
      .from(ocpiOutbox)
      .where(
        and(
          eq(ocpiOutbox.peeringId, push.peeringId),
          eq(ocpiOutbox.kind, push.kind),
          eq(ocpiOutbox.objectKey, push.objectKey),
          eq(ocpiOutbox.state, 'queued'),
          isNull(ocpiOutbox.payload),
          lte(ocpiOutbox.lockedUntil, at.getTime()),
        ),
      )
      .orderBy(desc(ocpiOutbox.id))
      .get();
    if (queued) return queued.id;
  }
  const row = await db
    .insert(ocpiOutbox)
    .values({
      peeringId: push.peeringId,
      kind: push.kind,
      objectKey: push.objectKey,
      payload: push.payload === undefined ? null : JSON.stringify(push.payload),
      nextAttemptAt: at,
    })
    .returning({ id: ocpiOutbox.id })
    .get();
  return row.id;
}

/**
 * Due queued rows, oldest first; a push waits while an earlier queued row of the same peering and
 * object is undelivered, so one object's pushes reach the partner in order.
 */
export const dueOutbox = (db: Db, at: Date, limit: number) =>
  db
    .select()
    .from(ocpiOutbox)
    .where(
      and(
        eq(ocpiOutbox.state, 'queued'),
        lte(ocpiOutbox.nextAttemptAt, at),
        lte(ocpiOutbox.lockedUntil, at.getTime()),
        // Written out: drizzle may leave the outer columns unqualified, which the subquery would take as its own.
        sql`(ocpi_outbox.object_key IS NULL OR NOT EXISTS (SELECT 1 FROM ocpi_outbox AS earlier
          WHERE earlier.peering_id = ocpi_outbox.peering_id AND earlier.object_key = ocpi_outbox.object_key
          AND earlier.state = 'queued' AND earlier.id < ocpi_outbox.id))`,
      ),
    )
    .orderBy(asc(ocpiOutbox.nextAttemptAt), asc(ocpiOutbox.id))
    .limit(limit)
    .all();

/** Takes a row for one attempt; false when another drain holds it (so no two send the same work). */
export async function claimOutbox(db: Db, id: number, at: Date, holdMs: number): Promise<boolean> {
  const taken = await db
    .update(ocpiOutbox)
    .set({ lockedUntil: at.getTime() + holdMs, attempts: sql`${ocpiOutbox.attempts} + 1` })
    .where(and(eq(ocpiOutbox.id, id), eq(ocpiOutbox.state, 'queued'), lte(ocpiOutbox.lockedUntil, at.getTime())))
    .returning({ id: ocpiOutbox.id })
    .all();
  return taken.length === 1;
}

export async function settleOutbox(
  db: Db,
  id: number,
  outcome: { state: 'queued' | 'done' | 'dead'; nextAttemptAt?: Date; lastError?: string | null },
) {
  await db
    .update(ocpiOutbox)
    .set({ state: outcome.state, nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.lastError, lockedUntil: 0 })
    .where(eq(ocpiOutbox.id, id));
}

export const outboxRow = (db: Db, id: number) => db.select().from(ocpiOutbox).where(eq(ocpiOutbox.id, id)).get();

/** True when no earlier queued row of the same peering and object waits before this one (order per object). */
export async function firstOfObject(db: Db, row: OutboxRow): Promise<boolean> {
  const earlier = await db
    .select({ id: ocpiOutbox.id })
    .from(ocpiOutbox)
    .where(
      and(
        eq(ocpiOutbox.peeringId, row.peeringId),
        row.objectKey === null ? isNull(ocpiOutbox.objectKey) : eq(ocpiOutbox.objectKey, row.objectKey),
        eq(ocpiOutbox.state, 'queued'),
        lt(ocpiOutbox.id, row.id),
      ),
    )
    .limit(1)
    .get();
  return earlier === undefined;
}
