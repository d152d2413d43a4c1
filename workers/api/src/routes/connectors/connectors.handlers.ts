/**
 * @module Every route under /connectors, one router: the literal paths (filter, map-markers, overview,
 * sessions, add-group…) before the list and the routes of one connector (`/connectors/{id}`…).
 */
import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { addGroupRoutes } from './add-group/add-group.handlers';
import { availabilityRoutes } from './availability/availability.handlers';
import { connectorDetailRoutes } from './detail/detail.handlers';
import { connectorEconomicsRoutes } from './economics/economics.handlers';
import { connectorFilterRoutes } from './filter/filter.handlers';
import { connectorListRoutes } from './list/list.handlers';
import { mapMarkerRoutes } from './map-markers/map-markers.handlers';
import { connectorOverviewRoutes } from './overview/overview.handlers';
import { connectorSessionRoutes } from './sessions/sessions.handlers';

export const connectorRoutes = new OpenAPIHono<AppEnv>()
  .route('/', connectorFilterRoutes)
  .route('/', mapMarkerRoutes)
  .route('/', connectorOverviewRoutes)
  .route('/', connectorEconomicsRoutes)
  .route('/', connectorSessionRoutes)
  .route('/', addGroupRoutes)
  .route('/', connectorListRoutes)
  .route('/', availabilityRoutes)
  .route('/', connectorDetailRoutes);
