/**
 * @module Sends one OCPP command to a connector's charge point through its Durable Object, writes
 * the customer-service log (who, what, the answer) and turns the outcome into the API's answer.
 */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations';
import { connectors, customerServiceLogs, stations } from '@db/schema';
import { summarizeOutcome } from '@domain/ocpp/command-outcome';
import { z } from '@hono/zod-openapi';
// Type only: the workers meet through the Durable Object binding, never through each other's code.
import type { CommandResult } from '@ocpp/charge-point';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { authOf } from '../../middleware/permission';

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

/** A connector of the caller's company tree (operated or owned), by id or by uid. */
export async function connectorInScope(db: Db, scope: number[], key: { id: number } | { uid: string }) {
  const match = 'id' in key ? eq(connectors.id, key.id) : eq(connectors.uid, key.uid);
  return db
    .select({ connector: connectors, station: stations })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(match, stationInScope(scope)))
    .get();
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
  const { user } = authOf(c);
  const timeout = Number((c.env as { COMMAND_TIMEOUT_MS?: string }).COMMAND_TIMEOUT_MS) || DEFAULT_COMMAND_TIMEOUT_MS;
  const stub = c.env.CHARGE_POINTS.get(c.env.CHARGE_POINTS.idFromName(target.station.uid));
  // RPC typing drops the `unknown` reply of the accepted variant; the object returns exactly CommandResult.
  const outcome = (await stub.sendCommand(action, payload, timeout)) as unknown as CommandResult;
  const { replyStatus, succeeded, error } = summarizeOutcome(outcome);
  await c
    .get('db')
    .insert(customerServiceLogs)
    .values({
      companyId: target.station.companyId,
      stationId: target.station.id,
      connectorId: target.connector?.id ?? null,
      connectorEvseId: target.connector?.evseId ?? null,
      userId: user.id,
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
