/** @module The Hono environment of the /ocpi transport: bindings, and the caller resolved from its token. */
import type { Db } from '@db/db';
import type { RoutingHeaders } from '@domain/ocpi/transport';
import type { PeeringRow } from './ocpi.store';

export interface OcpiEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** The peering whose partner presented a known token (checked per route by `tokenAllows`). */
    peering: PeeringRow | null;
    /** The token as presented (GET credentials answers it back: we keep only its hash). */
    presentedToken: string | null;
    requestId: string;
    correlationId: string;
    /** The hub routing headers of the call (`OCPI-from-*`: which party behind a hub calls). */
    routing: RoutingHeaders;
  };
}
