/** @module The onboarding API (issue 4 part 7): templates, create from template, steps, commissioning, move and hide. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { createRoutes } from './create.routes';
import { moveRoutes } from './move.routes';
import { stepRoutes } from './steps.routes';

export const onboardingRoutes = new OpenAPIHono<AppEnv>()
  .route('/', createRoutes)
  .route('/', moveRoutes)
  .route('/', stepRoutes);
