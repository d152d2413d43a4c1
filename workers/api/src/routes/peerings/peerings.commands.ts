/**
 * @module Commands to a partner's charge points for one of our drivers (issue 22 part 4, ADR 057 addendum
 * "EMSP: tokens and commands"), under the peerings resource and its permission 'roaming:manage':
 * `POST /peerings/{id}/commands` sends START_SESSION, STOP_SESSION, RESERVE_NOW, CANCEL_RESERVATION or
 * UNLOCK_CONNECTOR to the partner's commands receiver (OCPI as e-mobility provider, `sendCommand`) and
 * answers the stored command with the partner's CommandResponse; `GET /peerings/{id}/commands` lists them
 * with the asynchronous CommandResult, or `timeout` once the partner's timeout passed without one.
 */

import { CommandType } from '@domain/ocpi/commands';
import { type SentCommandState, sentCommandState, tokenOfCard } from '@domain/ocpi/emsp-tokens';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { pageOf } from '../../lib/pagination';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { sendCommand } from '../../ocpi/ocpi.emsp-commands';
import { type SentCommandRow, sentCommandsPage } from '../../ocpi/ocpi.emsp-commands.store';
import { cardById, emspPartyOf } from '../../ocpi/ocpi.emsp-tokens.store';
import { partnerEndpoint } from '../../ocpi/ocpi.outbox';
import { scopedRfid } from '../keyfobs/keyfobs.store';
import { IdParams, PageQuery } from './peerings.schemas';
import { scopedPeering } from './peerings.store';

const id36 = z.string().trim().min(1).max(36);

/** What each command needs (mod_commands): checked here so a missing field is the caller's 400, not the partner's. */
const NEEDS: Record<
  CommandType,
  readonly ('rfid_id' | 'location_id' | 'evse_uid' | 'connector_id' | 'session_id' | 'reservation_id' | 'expiry_date')[]
> = {
  START_SESSION: ['rfid_id', 'location_id'],
  STOP_SESSION: ['session_id'],
  RESERVE_NOW: ['rfid_id', 'location_id', 'expiry_date'],
  CANCEL_RESERVATION: ['reservation_id'],
  UNLOCK_CONNECTOR: ['location_id', 'evse_uid', 'connector_id'],
};

export const CommandBody = z
  .strictObject({
    command: CommandType,
    /** The driver's card (START_SESSION, RESERVE_NOW): a card of the scope published to this peering. */
    rfid_id: z.number().int().positive().optional(),
    /** The partner's Location id, EVSE uid and Connector id, as its locations module names them. */
    location_id: id36.optional(),
    evse_uid: id36.optional(),
    connector_id: id36.optional(),
    /** The partner's Session id (STOP_SESSION). */
    session_id: id36.optional(),
    /** The reservation to cancel: the uid of our RESERVE_NOW command (CANCEL_RESERVATION). */
    reservation_id: id36.optional(),
    /** Until when to reserve (RESERVE_NOW). */
    expiry_date: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((body, ctx) => {
    for (const field of NEEDS[body.command])
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'peeringCommandIncomplete' });
  })
  .openapi('PeeringCommandBody');

const STATES = ['failed', 'rejected', 'waiting', 'timeout', 'done'] as const satisfies readonly SentCommandState[];

export const SentCommandSchema = z
  .object({
    id: z.number(),
    uid: z.string(),
    command: CommandType,
    rfid_id: z.number().nullable(),
    /** The command object as sent to the partner (its token included). */
    request: z.record(z.string(), z.unknown()),
    /** The partner's immediate CommandResponse; null when it did not answer (see error). */
    response: z.object({ result: z.string(), timeout: z.number(), message: z.string().nullable() }).nullable(),
    error: z.string().nullable(),
    /** The CommandResult the partner posted to our response_url. */
    result: z.object({ result: z.string(), message: z.string().nullable(), at: z.string() }).nullable(),
    state: z.enum(STATES),
    created_at: z.string(),
  })
  .openapi('PeeringCommand');

const SentCommandPage = pageOf(SentCommandSchema).openapi('PeeringCommandPage');

function toSentCommand(r: SentCommandRow, now: Date): z.infer<typeof SentCommandSchema> {
  return {
    id: r.id,
    uid: r.uid,
    command: r.command as CommandType,
    rfid_id: r.rfidId,
    request: JSON.parse(r.requestJson) as Record<string, unknown>,
    response:
      r.responseResult === null
        ? null
        : { result: r.responseResult, timeout: r.responseTimeout ?? 0, message: r.responseMessage },
    error: r.error,
    result:
      r.result === null
        ? null
        : { result: r.result, message: r.resultMessage, at: (r.resultAt ?? r.createdAt).toISOString() },
    state: sentCommandState(r, now),
    created_at: r.createdAt.toISOString(),
  };
}

const ACCESS = 'roaming:manage';
const tags = ['Peerings'];
const notFound = error("The peering or the RFID doesn't exist (or belongs to a company outside the scope)");

export const sendRoute = defineRoute(ACCESS, {
  method: 'post',
  path: '/peerings/{id}/commands',
  tags,
  summary:
    'Sends a command (START_SESSION, STOP_SESSION, RESERVE_NOW, CANCEL_RESERVATION, UNLOCK_CONNECTOR) to the partner’s charge points for one of our drivers (OCPI as e-mobility provider); answers the stored command with the partner’s CommandResponse, or why it did not answer',
  request: { params: IdParams, body: jsonBody(CommandBody) },
  responses: {
    201: json(SentCommandSchema, 'Sent and stored (state failed or rejected when the partner did not take it)'),
    404: notFound,
    409: error('The peering is not registered, or the partner accepts no commands'),
    422: error('The token is not available to the selected peering'),
  },
});

export const listRoute = defineRoute(ACCESS, {
  method: 'get',
  path: '/peerings/{id}/commands',
  tags,
  summary:
    'Commands sent to a partner, newest first, paginated: the partner’s CommandResponse, its CommandResult, or timeout when none arrived within its timeout',
  request: { params: IdParams, query: PageQuery },
  responses: { 200: json(SentCommandPage), 404: notFound },
});

export const peeringCommandRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const db = c.get('db');
    const peering = await scopedPeering(db, await callerScope(c), c.req.valid('param').id);
    if (!peering) return apiError(c, 404, 'PEERING_NOT_FOUND', 'peeringUnknown');
    const { page, items_per_page } = c.req.valid('query');
    const { rows, total } = await sentCommandsPage(db, peering.id, page, items_per_page);
    const now = new Date();
    return c.json({ data: rows.map((r) => toSentCommand(r, now)), total, page, items_per_page }, 200);
  })
  .openapi(
    sendRoute,
    async (c) => {
      const db = c.get('db');
      const scope = await callerScope(c);
      const peering = await scopedPeering(db, scope, c.req.valid('param').id);
      if (!peering) return apiError(c, 404, 'PEERING_NOT_FOUND', 'peeringUnknown');
      if (peering.state !== 'registered') return apiError(c, 409, 'PEERING_STATE_CONFLICT', 'peeringStateConflict');
      if (!partnerEndpoint(peering, 'commands', 'RECEIVER'))
        return apiError(c, 409, 'PEERING_NO_COMMANDS', 'peeringNoCommands');
      const { command, rfid_id, expiry_date, ...ids } = c.req.valid('json');
      let card: { id: number; token: ReturnType<typeof tokenOfCard> } | undefined;
      if (rfid_id !== undefined) {
        if (!(await scopedRfid(db, scope, rfid_id)))
          return apiError(c, 404, 'RFID_NOT_FOUND', 'rfidNotFound', { field: 'rfid_id' });
        const published = await cardById(db, rfid_id);
        const party = await emspPartyOf(db, peering.companyId);
        const token = published && party ? tokenOfCard(published, party, peering.id) : null;
        // Only a card published to this peering (its token valid there) can start or reserve on its network.
        if (!token?.valid)
          return apiError(c, 422, 'RFID_PEERING_UNAVAILABLE', 'rfidPeeringUnavailable', { field: 'rfid_id' });
        card = { id: rfid_id, token };
      }
      const sent = await sendCommand(db, c.env, peering, {
        command,
        ...(card ? { card } : {}),
        fields: {
          ...ids,
          ...(expiry_date ? { expiry_date: `${new Date(expiry_date).toISOString().slice(0, 19)}Z` } : {}),
        },
        createdBy: authOf(c).user.id,
      });
      return c.json(toSentCommand(sent, new Date()), 201);
    },
    keyedValidation,
  );
