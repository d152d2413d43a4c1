/**
 * @module Sends one OCPP command to a charge point through its Durable Object, writes the
 * customer-service log (who, what, the answer) and turns the outcome into the API's answer. Shared by
 * every route that commands a charge point (maintenance, station commands, OCPP commands, credentials).
 */

import type { Db } from '@db/db';
import type { connectors, stations } from '@db/schema';
import { summarizeOutcome } from '@domain/ocpp/command-outcome';
import { z } from '@hono/zod-openapi';
// Type only: the workers meet through the Durable Object binding, never through each other's code.
import type { CommandResult } from '@ocpp/charge-point';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { authOf } from '../middleware/permission';
import { connectorInScope, insertServiceLog } from './charge-point-command.store';
import { apiError } from './errors';
import { ErrorSchema, json } from './route';
import { callerScope } from './scope';

export const CommandAnswer = z
  .object({
    action: z.string(),
    /** The charge point's own answer, e.g. Accepted, Rejected, Unlocked, UnlockFailed, Scheduled. */
    status: z.string(),
    succeeded: z.boolean(),
    // Any JSON the charge point sent; its shape depends on the action (validated against the OCPP schema).
    reply: z.record(z.string(), z.any()),
  })
  .openapi('CommandAnswer');

export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;
export type Target = { connector: typeof connectors.$inferSelect; station: typeof stations.$inferSelect };
/** Any command's target: a connector of a station, or (station-wide commands) the station alone. */
export type CommandTarget = { connector: Target['connector'] | null; station: Target['station'] };

export interface Dispatched {
  action: string;
  outcome: CommandResult;
  /** The reply's `status` (Accepted when the reply has none); null when no reply came. */
  replyStatus: string | null;
  succeeded: boolean;
}

/** The documented answers of a command on one connector (maintenance, remote session, availability). */
export const connectorCommandResponses = {
  200: json(CommandAnswer),
  404: json(ErrorSchema, 'Connector id: {id} not found. (User not found, for a remote start)'),
  409: json(
    ErrorSchema,
    'STATION_OFFLINE (nothing sent); for remote start/stop also CONNECTOR_BUSY, NO_ACTIVE_RFID, NOT_ALLOWED_TO_CHARGE, NO_SESSION',
  ),
  502: json(ErrorSchema, 'The charge point refused the call (COMMAND_REJECTED)'),
  504: json(ErrorSchema, 'No answer in time (COMMAND_TIMEOUT)'),
};

/** Runs `act` on the connector when it is in the caller's company tree; the spec's 404 otherwise. */
export async function onConnector<R>(
  c: Context<AppEnv>,
  key: { id: number } | { uid: string },
  act: (target: Target) => Promise<R>,
) {
  const target = await connectorInScope(c.get('db'), await callerScope(c), key);
  if (!target) {
    const id = 'id' in key ? key.id : key.uid;
    return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });
  }
  return act(target);
}

export async function sendToChargePoint(c: Context<AppEnv>, target: CommandTarget, action: string, payload: object) {
  return answerCommand(c, await dispatchCommand(c, target, action, payload));
}

/**
 * Sends the command and writes the customer-service log row. `logged` replaces the payload in the log
 * where it holds a secret (AuthorizationKey).
 */
export async function dispatchCommand(
  c: Context<AppEnv>,
  target: CommandTarget,
  action: string,
  payload: object,
  logged: object = payload,
): Promise<Dispatched> {
  return dispatchAs(c.env, c.get('db'), authOf(c).user.id, target, action, payload, logged);
}

/**
 * The same, on behalf of `userId`, or of nobody (null) for the back office's own commands without a
 * logged-in caller (the remote start of a QR payment, from its webhook, the driver's page or the cron).
 */
export async function dispatchAs(
  env: Env,
  db: Db,
  userId: number | null,
  target: CommandTarget,
  action: string,
  payload: object,
  logged: object = payload,
): Promise<Dispatched> {
  const timeout = Number((env as { COMMAND_TIMEOUT_MS?: string }).COMMAND_TIMEOUT_MS) || DEFAULT_COMMAND_TIMEOUT_MS;
  const stub = env.CHARGE_POINTS.get(env.CHARGE_POINTS.idFromName(target.station.uid));
  // RPC typing drops the `unknown` reply of the accepted variant; the object returns exactly CommandResult.
  const outcome = (await stub.sendCommand(action, payload, timeout)) as unknown as CommandResult;
  const { replyStatus, succeeded, error } = summarizeOutcome(outcome);
  await insertServiceLog(db, {
    companyId: target.station.companyId,
    stationId: target.station.id,
    connectorId: target.connector?.id ?? null,
    connectorEvseId: target.connector?.evseId ?? null,
    userId,
    action,
    detailJson: JSON.stringify({ request: logged, outcome }),
    result: succeeded ? 'success' : 'failed',
    errorMessage: error,
  });
  return { action, outcome, replyStatus, succeeded };
}

/** The API's answer to a dispatched command: 200 with the reply, or 409 offline / 504 timeout / 502 refused. */
export function answerCommand(c: Context<AppEnv>, { action, outcome, replyStatus, succeeded }: Dispatched) {
  switch (outcome.status) {
    case 'accepted': {
      const body: z.infer<typeof CommandAnswer> = {
        action,
        status: replyStatus ?? 'Accepted',
        succeeded,
        reply: outcome.reply as z.infer<typeof CommandAnswer>['reply'],
      };
      return c.json(body, 200);
    }
    case 'offline':
      return apiError(c, 409, 'STATION_OFFLINE', 'stationOffline');
    case 'timeout':
      return apiError(c, 504, 'COMMAND_TIMEOUT', 'commandTimeout');
    case 'rejected':
      return apiError(c, 502, 'COMMAND_REJECTED', 'commandRejected', {
        params: { reason: `${outcome.code}: ${outcome.description}` },
      });
  }
}
