/**
 * @module After a logout, closes the live-feed sockets of the revoked session at once, in the rooms
 * of its selected company and of the user's own company (where the app's pages join). A socket the
 * session opened in another room of the tree is closed by that room's periodic session check
 * (ADR 012, addendum). The logout answer does not depend on it.
 */

import { companyRoom } from '@domain/live/events';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

export const closeLiveFeedOnLogout: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get('auth');
  await next();
  const rooms = (c.env as Partial<Env>).LiveFeed;
  if (!auth || !rooms || c.res.status !== 200) return;
  const companies = [...new Set([auth.company.id, auth.user.companyId])];
  try {
    await Promise.all(companies.map((id) => rooms.get(rooms.idFromName(companyRoom(id))).closeSession(auth.sessionId)));
  } catch (error) {
    // The session is revoked whatever happens here; the rooms' own check closes the sockets within a minute.
    console.warn('live feed: closing the sockets of a logged-out session failed', error);
  }
};
