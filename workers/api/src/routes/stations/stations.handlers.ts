/**
 * @module The one router of the first URL segments /stations, /station-templates and /station-log
 * (ADR 041): each resource in its own subfolder, mounted here with its literal paths
 * (/stations/import, /stations/hidden, /stations/move…) before the parameterised /stations/{uid}….
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { stationListRoutes } from './list/list.handlers';

export const stationRoutes = new OpenAPIHono<AppEnv>().route('/', stationListRoutes);
