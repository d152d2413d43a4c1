/**
 * @module Billing through Stripe (issue 17, spec 7.2–7.4): the one router of the `/stripe` prefix.
 * Each resource is a subfolder with its four files (ADR 041); this file only mounts them.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { webhookRoutes } from './webhooks/webhooks.handlers';

export const stripeRoutes = new OpenAPIHono<AppEnv>().route('/', webhookRoutes);
