/** @module The onboarding API (issue 4 part 7): templates, create from template, import, steps, commissioning, move and hide. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { createRoutes } from './create.routes';
import { importRoutes } from './import.routes';
import { moveRoutes } from './move.routes';
import { stepRoutes } from './steps.routes';

export const onboardingRoutes = new OpenAPIHono<AppEnv>()
  .route('/', createRoutes)
  .route('/', importRoutes)
  .route('/', moveRoutes)
  .route('/', stepRoutes);
