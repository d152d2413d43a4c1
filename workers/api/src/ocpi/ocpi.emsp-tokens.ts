/**
 * @module The tokens module as e-mobility provider, Sender interface (mod_tokens.asciidoc; ADR 057
 * addendum "EMSP: tokens and commands"), mounted at `/ocpi/2.2.1/emsp/tokens`:
 * - `GET` (paged, `date_from`/`date_to`): our cards published to the calling peering, as Tokens;
 * - `POST /{uid}/authorize?type=RFID` with optional LocationReferences: real-time authorization answered
 *   by our own decision (the one our stations use: card, driver, permissions, limits, prepaid balance),
 *   with an `authorization_reference` we keep; a card not published to the peering is 2004 Unknown Token;
 * - push kind `token` (object `token:<rfid id>`, state at delivery): PUT of the card's Token to the
 *   partner's tokens RECEIVER whenever the key hangers API creates, edits, blocks or unlinks it, and
 *   once more with `valid: false` to the peering a card leaves.
 */

import type { Db } from '@db/db';
import { tokenOfCard } from '@domain/ocpi/emsp-tokens';
import { ocpiDateTime } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { type AuthorizationInfo, LocationReferences, TokenType } from '@domain/ocpi/tokens';
import { pageHeaders, pageParams } from '@domain/ocpi/transport';
import { Hono } from 'hono';
import {
  cardById,
  decideForPartner,
  emspPartyOf,
  publishedCardByUid,
  publishedCardsPage,
  recordAuthorization,
} from './ocpi.emsp-tokens.store';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, unauthorized } from './ocpi.http';
import { callPartner, type KeyEnv, partnerEndpoint, push, pushOutcome, registerPushKind } from './ocpi.outbox';
import { peeringById } from './ocpi.store';

export const TOKENS_MAX_LIMIT = 100;

function dateParam(value: string | undefined): Date | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (!ocpiDateTime.safeParse(value).success) return null;
  return new Date(/Z$/.test(value) ? value : `${value}Z`);
}

export const emspTokens = new Hono<OcpiEnv>()
  .get('/', async (c) => {
    const peering = callerFor(c, 'module');
    if (!peering) return unauthorized(c);
    const page = pageParams(c.req.query('offset'), c.req.query('limit'), TOKENS_MAX_LIMIT);
    const from = dateParam(c.req.query('date_from'));
    const to = dateParam(c.req.query('date_to'));
    if (!page || from === null || to === null)
      return failure(c, 400, OcpiStatus.invalidParameters, 'offset, limit, date_from or date_to is malformed');
    const party = await emspPartyOf(c.var.db, peering.companyId);
    if (!party) return failure(c, 200, OcpiStatus.serverError, 'The operator has no OCPI EMSP party yet');
    const { rows, total } = await publishedCardsPage(c.var.db, peering.id, { from, to }, page);
    return answer(
      c,
      rows.map((card) => tokenOfCard(card, party, peering.id)),
      { headers: pageHeaders(c.req.url, page, total, TOKENS_MAX_LIMIT) },
    );
  })
  .post('/:uid/authorize', async (c) => {
    const peering = callerFor(c, 'module');
    if (!peering) return unauthorized(c);
    const type = TokenType.safeParse(c.req.query('type') || 'RFID');
    if (!type.success) return failure(c, 400, OcpiStatus.invalidParameters, 'Invalid type');
    let location: LocationReferences | undefined;
    const text = await c.req.text();
    if (text.trim() !== '') {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON');
      }
      const parsed = LocationReferences.safeParse(json);
      if (!parsed.success)
        return failure(
          c,
          200,
          OcpiStatus.invalidParameters,
          `Invalid LocationReferences: ${parsed.error.issues[0]?.path.join('.') || '(body)'}`,
        );
      location = parsed.data;
    }
    const db = c.var.db;
    // We publish RFIDs only: any other type, or a card not published to this peering, is unknown here.
    const card = type.data === 'RFID' ? await publishedCardByUid(db, peering.id, c.req.param('uid')) : null;
    const party = card ? await emspPartyOf(db, peering.companyId) : null;
    if (!card || !party) return failure(c, 404, OcpiStatus.unknownToken, 'Unknown Token');
    const at = new Date();
    const token = tokenOfCard(card, party, peering.id);
    const { decision, allowed: decided } = await decideForPartner(db, card.uuid, at);
    // A card the driver's customer group keeps from roaming is not allowed, whatever the decision says.
    const allowed = card.hideRoaming && decided === 'ALLOWED' ? 'NOT_ALLOWED' : decided;
    const reason = card.hideRoaming ? "The driver's customer group hides roaming." : decision.reason;
    const reference = crypto.randomUUID();
    await recordAuthorization(db, {
      peeringId: peering.id,
      rfidId: card.id,
      reference,
      allowed,
      reason: reason.slice(0, 500),
      locationId: location?.location_id ?? null,
      evseUidsJson: location?.evse_uids ? JSON.stringify(location.evse_uids) : null,
      createdAt: at,
    });
    const info: AuthorizationInfo = {
      allowed,
      token,
      ...(location ? { location } : {}),
      authorization_reference: reference,
      ...(allowed === 'ALLOWED' ? {} : { info: { language: 'en', text: reason.slice(0, 512) } }),
    };
    return answer(c, info);
  });

registerPushKind('token', async ({ db, env, peering, row }) => {
  const id = Number(row.objectKey?.replace(/^token:/, ''));
  const card = Number.isInteger(id) ? await cardById(db, id) : null;
  if (!card) return { error: `The card of ${row.objectKey} is gone`, permanent: true };
  const receiver = partnerEndpoint(peering, 'tokens', 'RECEIVER');
  if (!receiver) return { error: 'The partner lists no tokens RECEIVER endpoint', permanent: true };
  const party = await emspPartyOf(db, peering.companyId);
  if (!party) return { error: 'The operator has no OCPI EMSP party yet', permanent: true };
  const token = tokenOfCard(card, party, peering.id);
  const base = receiver.replace(/\/$/, '');
  const url = `${base}/${token.country_code}/${token.party_id}/${encodeURIComponent(token.uid)}?type=${token.type}`;
  return pushOutcome(await callPartner(db, env, peering, { method: 'PUT', url, body: token, as: 'EMSP' }));
});

/**
 * After the key hangers API changed a card: its Token goes at once (or through the outbox when the
 * partner is down) to the peering it is published to and, when it left one, to that one with
 * `valid: false`. Only to a registered peering whose partner lists a tokens RECEIVER.
 */
export async function publishCardChange(
  db: Db,
  env: KeyEnv,
  card: { id: number; peering: string | null; companyId: number },
  before: string | null = null,
): Promise<void> {
  const ids = new Set([card.peering, before].filter((p): p is string => p !== null).map((p) => Number(p.trim())));
  for (const peeringId of ids) {
    if (!Number.isInteger(peeringId)) continue;
    const peering = await peeringById(db, peeringId);
    if (peering?.state !== 'registered' || !partnerEndpoint(peering, 'tokens', 'RECEIVER')) continue;
    await push(db, env, { peeringId, kind: 'token', objectKey: `token:${card.id}` }, { now: true });
  }
}
