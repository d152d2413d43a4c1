/** @module Station-wide commands, configuration, diagnostics and firmware (spec 7.16, ADR 014). */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { certificateRoutes } from './certificates.routes';
import { commandRoutes } from './commands.routes';
import { configurationRoutes } from './configuration.routes';
import { fileRoutes } from './files.routes';
import { scheduledAvailabilityRoutes } from './scheduled-availability.routes';

export const stationCommandRoutes = new OpenAPIHono<AppEnv>()
  .route('/', configurationRoutes)
  .route('/', fileRoutes)
  .route('/', commandRoutes)
  .route('/', certificateRoutes)
  .route('/', scheduledAvailabilityRoutes);
