/** @module The Hono environment: bindings from `wrangler types`, and per-request variables. */
import type { Db } from '@db/db';
import type { AuthContext } from './middleware/session';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    auth: AuthContext | null;
    /** The caller named a session that ended by inactivity or age (answered SESSION_EXPIRED). */
    sessionExpired: boolean;
  };
}
