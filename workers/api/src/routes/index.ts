/** @module Every API resource, mounted under /api. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env';
import { authRoutes } from './auth/auth.routes';
import { connectorRoutes } from './connectors/connectors.routes';
import { devRoutes } from './dev/dev.routes';
import { keyfobRoutes } from './keyfobs/keyfobs.index';
import { kpiRoutes } from './kpi/kpi.routes';
import { maintenanceRoutes } from './maintenance/maintenance.routes';
import { meRoutes } from './me/me.routes';
import { referenceRoutes } from './reference/reference.routes';
import { stationLogRoutes } from './station-log/station-log.routes';
import { systemRoutes } from './system/system.routes';

export const routes = new OpenAPIHono<AppEnv>()
  .route('/', systemRoutes)
  .route('/', meRoutes)
  .route('/', connectorRoutes)
  .route('/', keyfobRoutes)
  .route('/', referenceRoutes)
  .route('/', kpiRoutes)
  .route('/', maintenanceRoutes)
  .route('/', stationLogRoutes)
  .route('/', authRoutes);

// Dev-only routes (mailbox): compiled out of production builds, where __DEV_TOOLS__ is false.
if (__DEV_TOOLS__) routes.route('/', devRoutes());
