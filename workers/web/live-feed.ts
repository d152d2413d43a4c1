/**
 * @module The live feed: a partyserver room per company that browsers join with partysocket.
 * The ChargePoint objects (ocpp worker) call `publish` by Durable Object RPC; the room only
 * broadcasts, it keeps no state. Joining is checked here before the socket reaches the room:
 * a logged-in user (2FA passed) may join the room of their company or of a descendant.
 */
import { routePartykitRequest, Server } from 'partyserver';
import { type LiveEvent, roomCompanyId } from '../../domain/live/events';

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
}

type CompanyNode = { id: number; children: CompanyNode[] };
const inTree = (node: CompanyNode | null, id: number): boolean =>
  node !== null && (node.id === id || node.children.some((c) => inTree(c, id)));

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
      const me = await api(
        new Request(new URL('/api/me', req.url), { headers: { cookie: req.headers.get('cookie') ?? '' } }),
      );
      if (me.status === 401) return new Response('Log in first', { status: 401 });
      if (!me.ok) return new Response('Forbidden', { status: 403 });
      const { companies } = (await me.json()) as { companies: CompanyNode | null };
      if (!inTree(companies, companyId)) return new Response('Forbidden', { status: 403 });
    },
    onBeforeRequest: () => new Response('WebSocket only', { status: 426 }),
  });
}
