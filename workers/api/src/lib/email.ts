/**
 * @module E-mail: messages go to the outbox table first (nothing is lost if delivery fails), then
 * a delivery adapter sends them. In development the outbox itself is the mailbox, readable at
 * /dev/mailbox and /api/dev/mailbox; in production the Cloudflare e-mail binding `EMAIL` sends them.
 */

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

export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<void> {
  await db.insert(emailOutbox).values(email);
}

/** The outbox holds login codes and reset links in clear: none is of use after a day. */
export const OUTBOX_MAX_AGE_HOURS = 24;
/** And never more than this many messages, whatever their age. */
export const OUTBOX_MAX_MESSAGES = 5_000;

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

export function isDevelopment(env: Env): boolean {
  return env.APP_ENV === 'development' || env.APP_ENV === 'test';
}

type EmailSender = { send(message: unknown): Promise<void> };

/** Sends what the outbox holds. Without a sender (local runs) messages stay readable in the dev mailbox. */
export async function deliverPendingEmails(db: Db, env: Env, limit = 50): Promise<number> {
  const sender = (env as unknown as { EMAIL?: EmailSender }).EMAIL;
  if (!sender) return 0;
  const pending = await db
    .select()
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, 5)))
    .limit(limit);
  let sent = 0;
  for (const message of pending) {
    try {
      const { EmailMessage } = await import('cloudflare:email');
      const raw = rfc822(env, message);
      await sender.send(new EmailMessage(env.EMAIL_FROM ?? 'no-reply@localhost', message.to, raw));
      await db
        .update(emailOutbox)
        .set({ sentAt: new Date(), attempts: message.attempts + 1 })
        .where(eq(emailOutbox.id, message.id));
      sent++;
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({ attempts: message.attempts + 1, lastError: String(error).slice(0, 500) })
        .where(eq(emailOutbox.id, message.id));
    }
  }
  return sent;
}

function rfc822(env: Env, m: typeof emailOutbox.$inferSelect): string {
  const from = env.EMAIL_FROM ?? 'no-reply@localhost';
  return [
    `From: ${from}`,
    `To: ${m.to}`,
    `Subject: ${m.subject}`,
    `Message-ID: <${crypto.randomUUID()}@${from.split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    m.text,
  ].join('\r\n');
}
