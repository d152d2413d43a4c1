/**
 * @module The live feed: a partyserver room per company that browsers join with partysocket.
 * The ChargePoint objects (ocpp worker) call `publish` by Durable Object RPC; the room only
 * broadcasts, it keeps no state but which login session opened each socket. Joining is checked here
 * before the socket reaches the room: a logged-in user (2FA passed) may join the room of their
 * company or of a descendant. A logout closes the session's sockets at once (`closeSession`), and
 * every minute the room closes the sockets of sessions that ended otherwise (ADR 012, addendum).
 */
import { type Connection, type ConnectionContext, routePartykitRequest, Server } from 'partyserver';
import { sha256Hex } from '../../domain/identity/encoding';
import { type LiveEvent, roomCompanyId } from '../../domain/live/events';
import { openDb } from '../../drizzle/db';
import { liveSessionIds } from '../../drizzle/queries/auth-sessions.store';

/** Set by the join check below (a client's own value is overwritten): the session's id, the hash of its cookie. */
const SESSION_HEADER = 'x-live-feed-session';
/** How often a room with sockets checks that their sessions are still good. */
export const SESSION_RECHECK_MS = 60_000;
/** The close code of a socket whose session ended; partysocket's reconnect then fails the join check. */
export const SESSION_ENDED = 4001;

type SocketState = { sid: string };

export class LiveFeed extends Server<Env> {
  static override options = { hibernate: true };

  /** Sends the event to every browser in this room. */
  async publish(event: LiveEvent): Promise<number> {
    const message = JSON.stringify(event);
    let sent = 0;
    for (const connection of this.getConnections()) {
      connection.send(message);
      sent++;
    }
    return sent;
  }

  override async onConnect(connection: Connection<SocketState>, ctx: ConnectionContext): Promise<void> {
    const sid = ctx.request.headers.get(SESSION_HEADER);
    if (!sid) return connection.close(SESSION_ENDED, 'No session');
    connection.setState({ sid });
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
  }

  /** Closes the sockets a session opened in this room (the session was just revoked); how many. */
  async closeSession(sid: string): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections<SocketState>()) {
      if (connection.state?.sid !== sid) continue;
      connection.close(SESSION_ENDED, 'Logged out');
      closed++;
    }
    return closed;
  }

  /** The safety net: sessions revoked without a logout here (password reset, expiry, idle, user disabled). */
  override async onAlarm(): Promise<void> {
    const open = [...this.getConnections<SocketState>()];
    if (open.length === 0) return;
    const sids = [...new Set(open.flatMap((c) => (c.state?.sid ? [c.state.sid] : [])))];
    const live = new Set(await liveSessionIds(openDb(this.env.DB), sids, Date.now()));
    let left = 0;
    for (const connection of open) {
      if (connection.state?.sid && live.has(connection.state.sid)) left++;
      else connection.close(SESSION_ENDED, 'Session ended');
    }
    if (left > 0) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
  }
}

type CompanyNode = { id: number; children: CompanyNode[] };
const inTree = (node: CompanyNode | null, id: number): boolean =>
  node !== null && (node.id === id || node.children.some((c) => inTree(c, id)));

/** The session id the API derives from the `sid` cookie (middleware/session.ts), or null. */
async function sessionIdOf(cookie: string): Promise<string | null> {
  const raw = /(?:^|;\s*)sid=([^;]*)/.exec(cookie)?.[1];
  if (!raw) return null;
  try {
    return await sha256Hex(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/** Routes /parties/live-feed/company-{id} after checking the caller's session and company scope. */
export async function handleLiveFeed(
  request: Request,
  env: Env,
  api: (request: Request) => Promise<Response>,
): Promise<Response | null> {
  return routePartykitRequest(request, env, {
    onBeforeConnect: async (req, lobby) => {
      const companyId = roomCompanyId(lobby.name);
      if (companyId === null) return new Response('Unknown room', { status: 404 });
      const cookie = req.headers.get('cookie') ?? '';
      const me = await api(new Request(new URL('/api/me', req.url), { headers: { cookie } }));
      if (me.status === 401) return new Response('Log in first', { status: 401 });
      if (!me.ok) return new Response('Forbidden', { status: 403 });
      const { companies } = (await me.json()) as { companies: CompanyNode | null };
      if (!inTree(companies, companyId)) return new Response('Forbidden', { status: 403 });
      const sid = await sessionIdOf(cookie);
      if (!sid) return new Response('Log in first', { status: 401 });
      const forwarded = new Request(req);
      forwarded.headers.set(SESSION_HEADER, sid);
      return forwarded;
    },
    onBeforeRequest: () => new Response('WebSocket only', { status: 426 }),
  });
}
