/**
 * @module The one router of the first URL segments /stations, /station-templates and /station-log
 * (ADR 041): each resource in its own subfolder, mounted here with its literal paths
 * (/stations/import, /stations/hidden, /stations/move…) before the parameterised /stations/{uid}….
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { certificateRoutes } from './certificates/certificates.handlers';
import { commandRoutes } from './commands/commands.handlers';
import { configurationRoutes } from './configuration/configuration.handlers';
import { firmwareDiagnosticsRoutes } from './firmware-diagnostics/firmware-diagnostics.handlers';
import { stationListRoutes } from './list/list.handlers';
import { ocppCommandRoutes } from './ocpp-commands/ocpp-commands.handlers';
import { scheduledAvailabilityRoutes } from './scheduled-availability/scheduled-availability.handlers';

export const stationRoutes = new OpenAPIHono<AppEnv>()
  .route('/', stationListRoutes)
  .route('/', configurationRoutes)
  .route('/', firmwareDiagnosticsRoutes)
  .route('/', commandRoutes)
  .route('/', certificateRoutes)
  .route('/', scheduledAvailabilityRoutes)
  .route('/', ocppCommandRoutes);
