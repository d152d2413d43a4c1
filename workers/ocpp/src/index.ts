/**
 * @module The ocpp worker: owns /ocpp/{chargePointId} and the ChargePoint Durable Object class.
 * Deploying the web worker never restarts these objects or cuts their sockets (ADR 0002).
 */
import { ChargePoint } from './charge-point';
import { SiteLoad } from './load/site-load';
import { handleUpgrade } from './upgrade';

export { ChargePoint, SiteLoad };

export default {
  async fetch(request, env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/ocpp/')) return handleUpgrade(request, env);
    return new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<Env>;
