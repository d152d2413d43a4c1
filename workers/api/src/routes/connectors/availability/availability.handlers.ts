/**
 * @module A connector of the caller's company tree made Inoperative or Operative (OCPP
 * ChangeAvailability, answered Scheduled while a transaction runs); 404 outside the tree. The
 * connector is read through the command store (`onConnector`), the command logged by `sendToChargePoint`.
 */

import type { AppEnv } from '@api/env';
import { onConnector, sendToChargePoint, type Target } from '@api/lib/charge-point-command';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { inoperative, operative } from './availability.routes';

const changeAvailability = (c: Context<AppEnv>, t: Target, type: 'Operative' | 'Inoperative') =>
  sendToChargePoint(c, t, 'ChangeAvailability', { connectorId: t.connector.connectorNumber, type });

export const availabilityRoutes = new OpenAPIHono<AppEnv>()
  .openapi(inoperative, (c) => onConnector(c, c.req.valid('param'), (t) => changeAvailability(c, t, 'Inoperative')))
  .openapi(operative, (c) => onConnector(c, c.req.valid('param'), (t) => changeAvailability(c, t, 'Operative')));
