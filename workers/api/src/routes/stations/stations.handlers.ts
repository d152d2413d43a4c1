/**
 * @module The one router of the first URL segments /stations, /station-templates and /station-log
 * (ADR 041): each resource in its own subfolder, its router mounted here.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { certificateRoutes } from './certificates/certificates.handlers';
import { commandRoutes } from './commands/commands.handlers';
import { configurationRoutes } from './configuration/configuration.handlers';
import { credentialRoutes } from './credentials/credentials.handlers';
import { detailRoutes } from './detail/detail.handlers';
import { deviceModelRoutes } from './device-model/device-model.handlers';
import { firmwareDiagnosticsRoutes } from './firmware-diagnostics/firmware-diagnostics.handlers';
import { stationListRoutes } from './list/list.handlers';
import { logRoutes } from './log/log.handlers';
import { moveRoutes } from './move/move.handlers';
import { ocppCommandRoutes } from './ocpp-commands/ocpp-commands.handlers';
import { onboardingRoutes } from './onboarding/onboarding.handlers';
import { reservationRoutes } from './reservations/reservations.handlers';
import { scheduledAvailabilityRoutes } from './scheduled-availability/scheduled-availability.handlers';

export const stationRoutes = new OpenAPIHono<AppEnv>()
  .route('/', stationListRoutes)
  .route('/', onboardingRoutes)
  .route('/', moveRoutes)
  .route('/', detailRoutes)
  .route('/', deviceModelRoutes)
  .route('/', reservationRoutes)
  .route('/', logRoutes)
  .route('/', credentialRoutes)
  .route('/', configurationRoutes)
  .route('/', firmwareDiagnosticsRoutes)
  .route('/', commandRoutes)
  .route('/', certificateRoutes)
  .route('/', scheduledAvailabilityRoutes)
  .route('/', ocppCommandRoutes);
