/**
 * @module Development tools: the mailbox (what the outbox holds), so people and tests can read
 * 2FA codes and reset links without a mail server. Built only as a function so that a production
 * build, where `__DEV_TOOLS__` is false and the call is dropped, drops this module too; and it
 * answers 404 anyway unless APP_ENV is development or test.
 */

import type { AppEnv } from '@api/env';
import { isDevelopment } from '@api/lib/email';
import { apiError } from '@api/lib/errors';
import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { outboxMessages } from './dev.store';

export function devRoutes() {
  const MailboxQuery = z.object({
    to: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(20),
  });
  const Mailbox = z
    .object({
      messages: z.array(
        z.object({
          id: z.number(),
          to: z.string(),
          subject: z.string(),
          text: z.string(),
          template: z.string(),
          createdAt: z.string(),
        }),
      ),
    })
    .openapi('DevMailbox');

  const mailbox = defineRoute('public', {
    method: 'get',
    path: '/dev/mailbox',
    tags: ['Development'],
    summary: 'Development only: e-mails in the outbox, newest first',
    request: { query: MailboxQuery },
    responses: { 200: json(Mailbox), 404: json(ErrorSchema, 'Not a development or test environment') },
  });

  return new OpenAPIHono<AppEnv>().openapi(mailbox, async (c) => {
    if (!isDevelopment(c.env)) return apiError(c, 404, 'NOT_FOUND', 'notFound');
    const { to, limit } = c.req.valid('query');
    const rows = await outboxMessages(c.get('db'), to ? to.trim().toLowerCase() : undefined, limit);
    const messages = rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      template: m.template,
      createdAt: m.createdAt.toISOString(),
    }));
    return c.json({ messages }, 200);
  });
}
