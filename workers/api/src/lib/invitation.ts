/**
 * @module An invitation to set a password: a one-time link to the password page (the reset-password flow,
 * valid INVITATION_TTL_DAYS) and the e-mail carrying it, for a user the back office creates without a
 * password (a company's corporate admin, a back-office staff member). The token is kept only hashed; the
 * link carries it in the fragment, which browsers never send, so no request line holds it.
 */
import { randomToken, sha256Hex } from '@domain/identity/encoding';
import type { Context } from 'hono';
import type { OutgoingEmail } from './email.store';

/** How long the invitation link works: a new user may not read the e-mail the same day. */
export const INVITATION_TTL_DAYS = 7;

export interface Invitation {
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  email: OutgoingEmail;
}

/** The invitation of `to`: texts with `{{link}}`, `{{days}}` and the caller's own placeholders filled in. */
export async function invitation(
  c: Context,
  to: string,
  template: string,
  texts: { subject: string; text: string },
  params: Record<string, string>,
  now = new Date(),
): Promise<Invitation> {
  const token = randomToken();
  const link = `${new URL(c.req.url).origin}/reset-password/new#${token}`;
  const all: Record<string, string> = { ...params, link, days: String(INVITATION_TTL_DAYS) };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => all[k] ?? '');
  return {
    tokenHash: await sha256Hex(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    email: { to, template, subject: fill(texts.subject), text: fill(texts.text) },
  };
}
