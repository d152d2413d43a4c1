/**
 * @module The one router of /maintenance, /maintainer and /customer-services (spec 7.16/7.17):
 * tickets (their literal `/maintenance/ticket…` paths first), the commands on one connector and the
 * status page's lookup, remote start and stop, and the customer-service log.
 */

import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { maintenanceCommandRoutes } from './commands/commands.handlers';
import { remoteSessionRoutes } from './remote-session/remote-session.handlers';
import { serviceLogRoutes } from './service-logs/service-logs.handlers';
import { ticketRoutes } from './tickets/tickets.handlers';

export const maintenanceRoutes = new OpenAPIHono<AppEnv>()
  .route('/', ticketRoutes)
  .route('/', maintenanceCommandRoutes)
  .route('/', remoteSessionRoutes)
  .route('/', serviceLogRoutes);
