/**
 * @module Station configuration (spec 7.16): GetConfiguration and ChangeConfiguration with the charge
 * point's own answer. A new AuthorizationKey (the station's basic-auth password) goes through the
 * hand-over of ADR 014 (`../credentials/credentials.key.ts`): stored hashed as pending before it is
 * sent, never logged. No store of its own: the configuration lives in the charge point.
 */

import type { AppEnv } from '@api/env';
import { answerCommand, dispatchCommand } from '@api/lib/charge-point-command';
import { onStation } from '@api/lib/station-scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import { handOverAuthorizationKey } from '../credentials/credentials.key';
import { getConfiguration, setConfiguration } from './configuration.routes';

export const configurationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getConfiguration, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const { key = [] } = c.req.valid('json');
      const payload = key.length > 0 ? { key } : {};
      return answerCommand(c, await dispatchCommand(c, { station, connector: null }, 'GetConfiguration', payload));
    }),
  )
  .openapi(setConfiguration, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const { key, value } = c.req.valid('json');
      if (key !== 'AuthorizationKey') {
        return answerCommand(
          c,
          await dispatchCommand(c, { station, connector: null }, 'ChangeConfiguration', { key, value }),
        );
      }
      // The value is the password itself here (a key as typed); after a timeout it stays pending.
      const { sent } = await handOverAuthorizationKey(c, station, { value, password: value, whenOffline: 'keep' });
      return answerCommand(c, sent);
    }),
  );
