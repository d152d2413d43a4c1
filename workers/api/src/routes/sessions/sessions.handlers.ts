/**
 * @module The /sessions router (spec 7.15): the lists (fleet work/roaming/home, active), the filter
 * choices and one session's detail, literal paths before /sessions/{id}, and its signed meter values
 * (ADR 060). The connector session lists are in routes/connectors/sessions/.
 */
import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { sessionDetailRoutes } from './detail/detail.handlers';
import { filterOptionRoutes } from './filter-options/filter-options.handlers';
import { sessionListRoutes } from './list/list.handlers';
import { signedValueRoutes } from './signed/signed.handlers';

export const sessionRoutes = new OpenAPIHono<AppEnv>()
  .route('/', sessionListRoutes)
  .route('/', filterOptionRoutes)
  .route('/', sessionDetailRoutes)
  .route('/', signedValueRoutes);
