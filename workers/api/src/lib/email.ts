/**
 * @module E-mail: messages go to the outbox table first (nothing is lost if delivery fails), then
 * a delivery adapter sends them. In development the outbox itself is the mailbox, readable at
 * /dev/mailbox and /api/dev/mailbox; in production the Cloudflare e-mail binding `EMAIL` sends them.
 * The outbox's statements are in email.store.ts.
 */

import type { Db } from '@db/db';
import { markEmailFailed, markEmailSent, type OutboxMessage, pendingEmails } from './email.store';

export function isDevelopment(env: Env): boolean {
  return env.APP_ENV === 'development' || env.APP_ENV === 'test';
}

type EmailSender = { send(message: unknown): Promise<void> };

/** Sends what the outbox holds. Without a sender (local runs) messages stay readable in the dev mailbox. */
export async function deliverPendingEmails(db: Db, env: Env, limit = 50): Promise<number> {
  const sender = (env as unknown as { EMAIL?: EmailSender }).EMAIL;
  if (!sender) return 0;
  const pending = await pendingEmails(db, limit);
  let sent = 0;
  for (const message of pending) {
    try {
      const { EmailMessage } = await import('cloudflare:email');
      const raw = rfc822(env, message);
      await sender.send(new EmailMessage(env.EMAIL_FROM ?? 'no-reply@localhost', message.to, raw));
      await markEmailSent(db, message, new Date());
      sent++;
    } catch (error) {
      await markEmailFailed(db, message, String(error));
    }
  }
  return sent;
}

function rfc822(env: Env, m: OutboxMessage): string {
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
