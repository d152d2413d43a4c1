/** @module The key hangers API (spec 7.19): reads first, so /keyfob/types and /check win over /{id}. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { keyfobReads } from './keyfobs.read';
import { keyfobWrites } from './keyfobs.write';

export const keyfobRoutes = new OpenAPIHono<AppEnv>().route('/', keyfobReads).route('/', keyfobWrites);
