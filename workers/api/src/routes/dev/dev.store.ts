/** @module The dev mailbox's read: what the e-mail outbox holds, newest first. */
import type { Db } from '@db/db';
import { emailOutbox } from '@db/schema';
import { desc, eq } from 'drizzle-orm';

/** The newest `limit` messages, to one (lower-cased) address or to anyone. */
export function outboxMessages(db: Db, to: string | undefined, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(to === undefined ? undefined : eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}
