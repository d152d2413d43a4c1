/**
 * @module Station configuration (spec 7.16 `stations/{uid}/get-configuration`, `set-configuration`):
 * GetConfiguration and ChangeConfiguration with the charge point's own answer. A new AuthorizationKey
 * (the station's basic-auth password) is stored hashed as pending before it is sent (ADR 014).
 */

import { answerCommand, CommandAnswer, dispatchCommand } from '@api/lib/charge-point-command';
import { dropPendingKey, promotePendingKey, setPendingKey } from '@db/queries/station-keys';
import { hashPassword } from '@domain/identity/password';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { onStation } from './scope';

export const commandResponses = {
  200: json(CommandAnswer),
  404: json(ErrorSchema, 'Station uid: {uid} not found.'),
  409: json(ErrorSchema, 'STATION_OFFLINE: nothing was sent'),
  502: json(ErrorSchema, 'The charge point refused the call (COMMAND_REJECTED)'),
  504: json(ErrorSchema, 'No answer in time (COMMAND_TIMEOUT)'),
};
export const ByUid = z.object({ uid: z.string().min(1).max(48) });

/** OCPP 1.6 CiString50 keys; none (or an empty list) asks for every key. */
const GetConfigurationBody = z
  .object({
    key: z.array(z.string().trim().min(1).max(50, 'A configuration key has at most 50 characters')).max(100).optional(),
  })
  .strict();

// POST, not the spec's GET: it sends a command to the charge point and writes the customer-service
// log, so a link or a cross-site navigation must not be able to trigger it (issue 24).
const getConfiguration = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/get-configuration',
  tags: ['Station commands'],
  summary:
    'GetConfiguration: every key (or only those of `key`); the reply holds configurationKey [{key, value, readonly}] and unknownKey',
  request: { params: ByUid, body: jsonBody(GetConfigurationBody) },
  responses: commandResponses,
});

/** The Security Whitepaper's basic-auth password: 16 to 40 printable ASCII characters. */
const AUTHORIZATION_KEY = /^[\x21-\x7e]{16,40}$/;

const SetConfigurationBody = z
  .object({
    key: z.string().trim().min(1, 'The key is required').max(50, 'A configuration key has at most 50 characters'),
    value: z.string().max(500, 'A configuration value has at most 500 characters'),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.key === 'AuthorizationKey' && !AUTHORIZATION_KEY.test(b.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'The AuthorizationKey must be 16 to 40 printable characters without spaces',
      });
    }
  });

const setConfiguration = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/set-configuration',
  tags: ['Station commands'],
  summary:
    "ChangeConfiguration {key, value}; answers with the charge point's status (Accepted, RebootRequired, Rejected, NotSupported)",
  request: { params: ByUid, body: jsonBody(SetConfigurationBody) },
  responses: commandResponses,
});

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
      const target = { station, connector: null };
      if (key !== 'AuthorizationKey') {
        return answerCommand(c, await dispatchCommand(c, target, 'ChangeConfiguration', { key, value }));
      }
      // Stored before it is sent, so the charge point's reconnect with it is already accepted; never logged.
      const db = c.get('db');
      const hash = await hashPassword(value);
      await setPendingKey(db, station.id, hash);
      const sent = await dispatchCommand(c, target, 'ChangeConfiguration', { key, value }, { key, value: '(hidden)' });
      if (sent.replyStatus === 'Accepted' || sent.replyStatus === 'RebootRequired') {
        await promotePendingKey(db, station.id, hash);
      } else if (sent.outcome.status !== 'timeout') {
        // Refused, not sent, or refused as a call: the charge point keeps its current key.
        await dropPendingKey(db, station.id, hash);
      }
      // After a timeout the pending key stays accepted beside the current one; its first use promotes it.
      return answerCommand(c, sent);
    }),
  );
