/**
 * @module The commands module as e-mobility provider (mod_commands.asciidoc; ADR 057 addendum "EMSP:
 * tokens and commands"): `sendCommand` sends START_SESSION, STOP_SESSION, RESERVE_NOW,
 * CANCEL_RESERVATION or UNLOCK_CONNECTOR to the partner's commands RECEIVER for one of our drivers, with
 * our `response_url` (`/ocpi/2.2.1/emsp/commands/{command}/{uid}`), and stores it with the partner's
 * CommandResponse; `emspCommands` (mounted at `/ocpi/2.2.1/emsp/commands`) receives the CommandResult,
 * only from the peering the command went to.
 */
import type { Db } from '@db/db';
import { COMMAND_BODIES, CommandResponse, CommandResult, type CommandType } from '@domain/ocpi/commands';
import { OCPI_VERSION } from '@domain/ocpi/registration';
import { OcpiStatus } from '@domain/ocpi/status';
import type { Token } from '@domain/ocpi/tokens';
import { Hono } from 'hono';
import {
  insertSentCommand,
  type SentCommandRow,
  sentCommandByUid,
  updateSentCommand,
} from './ocpi.emsp-commands.store';
import { recordAuthorization } from './ocpi.emsp-tokens.store';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, unauthorized } from './ocpi.http';
import { callPartner, type KeyEnv, partnerEndpoint } from './ocpi.outbox';
import type { PeeringRow } from './ocpi.store';

/** How long we wait for the partner's CommandResponse (it answers at once; the result comes later). */
export const COMMAND_CALL_TIMEOUT_MS = 10_000;

/** What a command carries besides its response_url (the token, for START_SESSION and RESERVE_NOW). */
export interface CommandRequest {
  command: CommandType;
  /** The driver's card (START_SESSION, RESERVE_NOW): its Token and our authorization reference go with it. */
  card?: { id: number; token: Token };
  fields: Record<string, string | undefined>;
  createdBy: number | null;
}

/**
 * Sends a command to the partner's CPO and stores it with the answer: the CommandResponse, or why there
 * was none (`error`). The row exists before the call, so a result posted while we wait finds it.
 */
export async function sendCommand(
  db: Db,
  env: KeyEnv,
  peering: PeeringRow,
  request: CommandRequest,
): Promise<SentCommandRow> {
  const receiver = partnerEndpoint(peering, 'commands', 'RECEIVER');
  const uid = crypto.randomUUID();
  const responseUrl = `${peering.ourBaseUrl}/${OCPI_VERSION}/emsp/commands/${request.command}/${uid}`;
  const fields = Object.fromEntries(Object.entries(request.fields).filter(([, v]) => v !== undefined));
  const body: Record<string, unknown> = { response_url: responseUrl, ...fields };
  if (request.command === 'RESERVE_NOW') body.reservation_id = uid;
  if (request.card) body.token = request.card.token;
  if (request.command === 'START_SESSION' && request.card) {
    // Our reference for the session the partner starts: its Session and CDR carry it back.
    const reference = crypto.randomUUID();
    body.authorization_reference = reference;
    await recordAuthorization(db, {
      peeringId: peering.id,
      rfidId: request.card.id,
      reference,
      allowed: 'ALLOWED',
      reason: 'START_SESSION sent by the back office',
      locationId: request.fields.location_id ?? null,
      evseUidsJson: request.fields.evse_uid ? JSON.stringify([request.fields.evse_uid]) : null,
    });
  }
  // Parsed by the command's own schema: what we send is exactly the command's object, nothing else.
  const valid = COMMAND_BODIES[request.command].safeParse(body);
  const row = await insertSentCommand(db, {
    peeringId: peering.id,
    uid,
    command: request.command,
    rfidId: request.card?.id ?? null,
    requestJson: JSON.stringify(valid.success ? valid.data : body),
    createdBy: request.createdBy,
  });
  if (!valid.success) {
    const field = valid.error.issues[0]?.path.join('.') || '(body)';
    return (await updateSentCommand(db, row.id, { error: `Invalid ${request.command}: ${field}` })) ?? row;
  }
  if (!receiver)
    return (await updateSentCommand(db, row.id, { error: 'The partner lists no commands RECEIVER endpoint' })) ?? row;
  const sent = await callPartner(db, env, peering, {
    method: 'POST',
    url: `${receiver.replace(/\/$/, '')}/${request.command}`,
    body: valid.data,
    schema: CommandResponse,
    timeoutMs: COMMAND_CALL_TIMEOUT_MS,
    as: 'EMSP',
  });
  if (!sent.ok) return (await updateSentCommand(db, row.id, { error: sent.error.slice(0, 500) })) ?? row;
  const response = sent.data as CommandResponse;
  return (
    (await updateSentCommand(db, row.id, {
      responseResult: response.result,
      responseTimeout: response.timeout,
      responseMessage: response.message?.[0]?.text ?? null,
    })) ?? row
  );
}

/** POST `{command}/{uid}`: the partner's CommandResult of a command we sent it. */
export const emspCommands = new Hono<OcpiEnv>().post('/:command/:uid', async (c) => {
  const peering = callerFor(c, 'module');
  if (!peering) return unauthorized(c);
  const row = await sentCommandByUid(c.var.db, c.req.param('uid'));
  // Another peering's command reads as unknown: a partner never learns of or answers another's commands.
  if (!row || row.peeringId !== peering.id || row.command !== c.req.param('command'))
    return failure(c, 404, OcpiStatus.clientError, 'Unknown command');
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON');
  }
  const parsed = CommandResult.safeParse(json);
  if (!parsed.success)
    return failure(
      c,
      200,
      OcpiStatus.invalidParameters,
      `Invalid CommandResult: ${parsed.error.issues[0]?.path.join('.') || '(body)'}`,
    );
  await updateSentCommand(c.var.db, row.id, {
    result: parsed.data.result,
    resultMessage: parsed.data.message?.[0]?.text ?? null,
    resultAt: new Date(),
  });
  return answer(c, undefined);
});
