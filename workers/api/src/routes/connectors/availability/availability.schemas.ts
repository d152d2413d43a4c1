/** @module Parameters of the connector availability commands (spec 7.16 `connectors/{uid}/set-connector-…`). */

import { z } from '@hono/zod-openapi';

export const ByUid = z.object({ uid: z.string().min(1).max(100) });
