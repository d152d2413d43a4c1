/** @module The e-mail outbox (`email_outbox`): queued messages, their delivery state and pruning. */

import type { Db } from '@db/db';
import { emailOutbox } from '@db/schema';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
}

export type OutboxMessage = typeof emailOutbox.$inferSelect;

/** A message is retried until it has failed this many times. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** The outbox holds login codes and reset links in clear: none is of use after a day. */
export const OUTBOX_MAX_AGE_HOURS = 24;
/** And never more than this many messages, whatever their age. */
export const OUTBOX_MAX_MESSAGES = 5_000;

export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<void> {
  await db.insert(emailOutbox).values(email);
}

/** Removes messages older than OUTBOX_MAX_AGE_HOURS and all but the newest `maxMessages`. */
export async function pruneOutbox(db: Db, now = Date.now(), maxMessages = OUTBOX_MAX_MESSAGES): Promise<void> {
  const cutoff = new Date(now - OUTBOX_MAX_AGE_HOURS * 3_600_000);
  await db.batch([
    db.delete(emailOutbox).where(lt(emailOutbox.createdAt, cutoff)),
    db
      .delete(emailOutbox)
      .where(sql`${emailOutbox.id} <= (SELECT id FROM email_outbox ORDER BY id DESC LIMIT 1 OFFSET ${maxMessages})`),
  ]);
}

/** Messages not sent yet and not given up on, at most `limit`. */
export async function pendingEmails(db: Db, limit: number): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_DELIVERY_ATTEMPTS)))
    .limit(limit);
}

export async function markEmailSent(db: Db, message: OutboxMessage, at: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sentAt: at, attempts: message.attempts + 1 })
    .where(eq(emailOutbox.id, message.id));
}

export async function markEmailFailed(db: Db, message: OutboxMessage, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ attempts: message.attempts + 1, lastError: error.slice(0, 500) })
    .where(eq(emailOutbox.id, message.id));
}
