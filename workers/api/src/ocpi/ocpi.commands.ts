/**
 * @module The commands module as receiver (mod_commands.asciidoc): a partner's eMSP asks us (CPO) to
 * START_SESSION, STOP_SESSION, UNLOCK_CONNECTOR, RESERVE_NOW or CANCEL_RESERVATION on a station of the
 * operator behind the peering. The CommandResponse answers at once (ACCEPTED with a timeout, or
 * REJECTED / UNKNOWN_SESSION with a message); the OCPP command goes through the same path as the
 * maintenance API's (the charge point's Durable Object, `dispatchAs`), and the CommandResult from the
 * charge point's real answer is POSTed to the eMSP's `response_url` through the outbox.
 */
import {
  COMMAND_BODIES,
  type CommandResponse,
  CommandType,
  commandResultOf,
  type OcppOutcome,
} from '@domain/ocpi/commands';
import { OcpiStatus } from '@domain/ocpi/status';
import { ocpiTime } from '@domain/ocpi/tokens';
import { Hono } from 'hono';
import type { z } from 'zod';
import { DEFAULT_COMMAND_TIMEOUT_MS, dispatchAs, type Target } from '../lib/charge-point-command';
import type { ProfileResultPush } from './ocpi.chargingprofiles.push';
import type { CommandResultPush } from './ocpi.commands.push';
import { insertCommand, peeringSession, reservationOf, settleCommand, targetOf } from './ocpi.commands.store';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';
import { push } from './ocpi.outbox';
import type { PeeringRow } from './ocpi.store';
import { ownsEmspParty } from './ocpi.tokens';
import { rowOfToken, upsertToken } from './ocpi.tokens.store';

type Bodies = { [K in keyof typeof COMMAND_BODIES]: z.infer<(typeof COMMAND_BODIES)[K]> };
interface Work {
  commandId: number;
  target: Target | { station: Target['station']; connector: Target['connector'] | null };
  action: string;
  payload: object;
  responseUrl: string;
}

/** How long the partner waits for the result (s): the charge point's timeout and the delivery. */
export const resultTimeoutSeconds = (env: Env) =>
  Math.ceil(
    (Number((env as { COMMAND_TIMEOUT_MS?: string }).COMMAND_TIMEOUT_MS) || DEFAULT_COMMAND_TIMEOUT_MS) / 1000,
  ) + 30;

/**
 * POSTs the result of a partner's request to its `response_url` through the outbox (sent now, retried
 * after); through a hub, to the party that asked.
 */
export async function pushResult(
  c: OcpiContext,
  peering: PeeringRow,
  kind: 'command_result' | 'charging_profile_result',
  objectKey: string,
  url: string,
  result: CommandResultPush['result'] | ProfileResultPush['result'],
) {
  const from = c.var.routing.from;
  const payload = { url, result, ...(from ? { to: from } : {}) } satisfies CommandResultPush | ProfileResultPush;
  await push(c.var.db, c.env, { peeringId: peering.id, kind, objectKey, payload }, { now: true });
}

const respond = (c: OcpiContext, response: CommandResponse) => answer(c, response);
const refuse = (c: OcpiContext, result: 'REJECTED' | 'UNKNOWN_SESSION', text: string) =>
  respond(c, { result, timeout: 0, message: [{ language: 'en', text }] });

/** Sends the OCPP command, records the result, and pushes the CommandResult to the response_url. */
async function run(c: OcpiContext, peering: PeeringRow, work: Work) {
  const db = c.var.db;
  let outcome: OcppOutcome;
  try {
    const sent = await dispatchAs(c.env, db, null, work.target, work.action, work.payload);
    outcome =
      sent.outcome.status === 'accepted'
        ? { status: 'accepted', replyStatus: sent.replyStatus }
        : sent.outcome.status === 'rejected'
          ? { status: 'rejected', code: sent.outcome.code }
          : { status: sent.outcome.status };
  } catch (err) {
    console.warn('ocpi command', work.action, String(err).slice(0, 200));
    outcome = { status: 'offline' };
  }
  const result = commandResultOf(outcome);
  await settleCommand(db, work.commandId, result.result);
  await pushResult(c, peering, 'command_result', `command:${work.commandId}`, work.responseUrl, result);
}

/** Accepts: answers at once and runs the command after the answer. */
function accept(c: OcpiContext, peering: PeeringRow, work: Work) {
  c.executionCtx.waitUntil(run(c, peering, work));
  return respond(c, { result: 'ACCEPTED', timeout: resultTimeoutSeconds(c.env) });
}

const UNKNOWN_PLACE = 'Unknown location, EVSE or connector';
type Place = { location_id: string; evse_uid?: string | undefined; connector_id?: string | undefined };
type Found = NonNullable<Awaited<ReturnType<typeof targetOf>>>;

/** The station (and connector) a command names: of the operator behind the peering, bound to the peering. */
const placeOf = (c: OcpiContext, peering: PeeringRow, p: Place) =>
  targetOf(c.var.db, peering, {
    locationId: p.location_id,
    evseUid: p.evse_uid,
    connectorId: p.connector_id,
  });

/** Records the command (our row id is `payload`'s argument) and accepts it: the OCPP `action` goes after the answer. */
async function record(
  c: OcpiContext,
  peering: PeeringRow,
  target: Found,
  row: Omit<Parameters<typeof insertCommand>[1], 'peeringId' | 'stationId'>,
  action: string,
  payload: (commandId: number) => object,
) {
  const commandId = await insertCommand(c.var.db, { ...row, peeringId: peering.id, stationId: target.station.id });
  const work = { commandId, target, action, payload: payload(commandId), responseUrl: row.responseUrl };
  return accept(c, peering, work);
}

async function startSession(c: OcpiContext, peering: PeeringRow, b: Bodies['START_SESSION']) {
  if (!ownsEmspParty(peering, b.token.country_code, b.token.party_id))
    return refuse(c, 'REJECTED', 'The token is not of an EMSP party of this peering');
  if (!b.token.valid) return refuse(c, 'REJECTED', 'The token is not valid');
  const target = await placeOf(c, peering, b);
  const connector = target?.connector;
  if (!target || !connector) return refuse(c, 'REJECTED', UNKNOWN_PLACE);
  // The partner's token as it sent it: the session's and CDR's cdr_token are this token, not ours.
  await upsertToken(c.var.db, rowOfToken(peering.id, b.token));
  const row = {
    command: 'START_SESSION',
    connectorNumber: connector.connectorNumber,
    tokenUid: b.token.uid,
    tokenType: b.token.type,
    authorizationReference: b.authorization_reference ?? null,
    responseUrl: b.response_url,
  };
  return record(c, peering, target, row, 'RemoteStartTransaction', () => ({
    connectorId: connector.connectorNumber,
    idTag: b.token.uid,
  }));
}

async function stopSession(c: OcpiContext, peering: PeeringRow, b: Bodies['STOP_SESSION']) {
  const session = await peeringSession(c.var.db, peering.id, b.session_id);
  if (!session) return refuse(c, 'UNKNOWN_SESSION', `Unknown session ${b.session_id}`);
  if (session.status !== 'in_progress') return refuse(c, 'REJECTED', 'The session has ended');
  const target = await targetOf(c.var.db, peering, { stationId: session.stationId });
  if (!target) return refuse(c, 'UNKNOWN_SESSION', `Unknown session ${b.session_id}`);
  const row = { command: 'STOP_SESSION', sessionId: session.id, responseUrl: b.response_url };
  return record(c, peering, target, row, 'RemoteStopTransaction', () => ({ transactionId: session.id }));
}

async function unlockConnector(c: OcpiContext, peering: PeeringRow, b: Bodies['UNLOCK_CONNECTOR']) {
  const target = await placeOf(c, peering, b);
  const connector = target?.connector;
  if (!target || !connector) return refuse(c, 'REJECTED', UNKNOWN_PLACE);
  const row = { command: 'UNLOCK_CONNECTOR', connectorNumber: connector.connectorNumber, responseUrl: b.response_url };
  return record(c, peering, target, row, 'UnlockConnector', () => ({ connectorId: connector.connectorNumber }));
}

async function reserveNow(c: OcpiContext, peering: PeeringRow, b: Bodies['RESERVE_NOW']) {
  if (!ownsEmspParty(peering, b.token.country_code, b.token.party_id))
    return refuse(c, 'REJECTED', 'The token is not of an EMSP party of this peering');
  const target = await placeOf(c, peering, { location_id: b.location_id, evse_uid: b.evse_uid });
  if (!target) return refuse(c, 'REJECTED', UNKNOWN_PLACE);
  // Connector 0 reserves any connector of the station (no EVSE named).
  const connectorId = b.evse_uid ? (target.connector?.connectorNumber ?? 0) : 0;
  const row = {
    command: 'RESERVE_NOW',
    connectorNumber: connectorId,
    tokenUid: b.token.uid,
    tokenType: b.token.type,
    authorizationReference: b.authorization_reference ?? null,
    reservationId: b.reservation_id,
    responseUrl: b.response_url,
  };
  const expiryDate = new Date(ocpiTime(b.expiry_date)).toISOString();
  // Our row id is the OCPP reservationId (an integer; the eMSP's id is a string).
  return record(c, peering, target, row, 'ReserveNow', (reservationId) => ({
    connectorId,
    expiryDate,
    idTag: b.token.uid,
    reservationId,
  }));
}

async function cancelReservation(c: OcpiContext, peering: PeeringRow, b: Bodies['CANCEL_RESERVATION']) {
  const reserved = await reservationOf(c.var.db, peering.id, b.reservation_id);
  const target = reserved?.stationId ? await targetOf(c.var.db, peering, { stationId: reserved.stationId }) : null;
  if (!reserved || !target) return refuse(c, 'REJECTED', `Unknown reservation ${b.reservation_id}`);
  const row = { command: 'CANCEL_RESERVATION', reservationId: b.reservation_id, responseUrl: b.response_url };
  return record(c, peering, { station: target.station, connector: null }, row, 'CancelReservation', () => ({
    reservationId: reserved.id,
  }));
}

export const commands = new Hono<OcpiEnv>().post('/:command', async (c) => {
  const peering = callerFor(c, 'module');
  if (!peering) return unauthorized(c);
  const type = CommandType.safeParse(c.req.param('command'));
  if (!type.success) return failure(c, 404, OcpiStatus.invalidParameters, 'Unknown command');
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON');
  }
  const parsed = COMMAND_BODIES[type.data].safeParse(json);
  if (!parsed.success)
    return failure(
      c,
      200,
      OcpiStatus.invalidParameters,
      `Invalid ${type.data} object: ${parsed.error.issues[0]?.path.join('.') || '(body)'}`,
    );
  switch (type.data) {
    case 'START_SESSION':
      return startSession(c, peering, parsed.data as Bodies['START_SESSION']);
    case 'STOP_SESSION':
      return stopSession(c, peering, parsed.data as Bodies['STOP_SESSION']);
    case 'UNLOCK_CONNECTOR':
      return unlockConnector(c, peering, parsed.data as Bodies['UNLOCK_CONNECTOR']);
    case 'RESERVE_NOW':
      return reserveNow(c, peering, parsed.data as Bodies['RESERVE_NOW']);
    case 'CANCEL_RESERVATION':
      return cancelReservation(c, peering, parsed.data as Bodies['CANCEL_RESERVATION']);
  }
});
