/**
 * @module The key hangers API (spec 7.19): input → store + domain → response. Reads first, so
 * /keyfob/types, /check, /stations, /users and /import win over /keyfob/{id}.
 */

import type { rfids } from '@db/schema';
import { cardVerdict } from '@domain/charging-authorization/decide';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { publishCardChange } from '../../ocpi/ocpi.emsp-tokens';
import { scopedPeering } from '../peerings/peerings.store';
import { clearCachesLater } from './keyfobs.cache';
import { keyfobImportRoutes } from './keyfobs.import';
import {
  block,
  check,
  create,
  createFromUuid,
  detail,
  list,
  stationOptions,
  types,
  unlink,
  update,
  userOptions,
} from './keyfobs.routes';
import { RFID_TYPES, toKeyfob, userRef } from './keyfobs.schemas';
import {
  authorizationAt,
  blockRfid,
  checkableStationById,
  generateCode,
  insertRfid,
  listRfids,
  scopedActiveUser,
  scopedRfid,
  scopedRfidByUuid,
  searchActiveUsers,
  searchCheckableStations,
  unlinkRfid,
  updateRfid,
  uuidTaken,
} from './keyfobs.store';

type Ctx = Context<AppEnv>;
type CardFields = {
  type?: 'rfid' | 'keyfob' | 'sticker';
  parent_id_tag?: string | null;
  expires_at?: string | null;
  peering?: string | null;
};

/** The audit row of a change to card `rfidId` by the caller. */
function auditOf(c: Ctx, action: string, rfidId: number | undefined, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity: 'rfid',
    ...(rfidId !== undefined ? { entityId: rfidId } : {}),
    detail,
    ip: clientIp(c),
  };
}

/** The columns a body's optional card fields set (absent: unchanged; null: cleared). */
function cardChanges(body: CardFields): Partial<typeof rfids.$inferInsert> {
  return {
    ...(body.type !== undefined ? { type: body.type } : {}),
    ...(body.parent_id_tag !== undefined ? { parentIdTag: body.parent_id_tag } : {}),
    ...(body.expires_at !== undefined ? { expiresAt: body.expires_at ? new Date(body.expires_at) : null } : {}),
    ...(body.peering !== undefined ? { peering: body.peering } : {}),
  };
}

/**
 * The answer refusing a card's peering that is not one of the scope's (or is unregistered): the spec's
 * "The token is not available to the selected peering"; null when absent, cleared or available.
 */
async function unavailablePeering(c: Ctx, peering: string | null | undefined) {
  if (peering === undefined || peering === null) return null;
  const found = await scopedPeering(c.get('db'), await callerScope(c), Number(peering));
  if (found && found.state !== 'unregistered') return null;
  return apiError(c, 422, 'RFID_PEERING_UNAVAILABLE', 'rfidPeeringUnavailable', { field: 'peering' });
}

/** Inserts a card in the selected company; the UUID is unique platform-wide (it is the idTag). */
async function insertCard(c: Ctx, code: string, uuid: string, fields: CardFields) {
  const db = c.get('db');
  if (await uuidTaken(db, uuid)) return apiError(c, 409, 'RFID_UUID_EXISTS', 'rfidUuidExists', { field: 'uuid' });
  const refused = await unavailablePeering(c, fields.peering);
  if (refused) return refused;
  try {
    const row = await insertRfid(
      db,
      { companyId: authOf(c).company.id, keyHangerCode: code, uuid, ...cardChanges(fields) },
      auditOf(c, 'rfid.create', undefined, { code, uuid, ...fields }),
    );
    await publishCardChange(db, c.env, row);
    return c.json(toKeyfob(row, null), 201);
  } catch (err) {
    // Two creations of one UUID at once: the unique index decides, and the loser hears why.
    if (String(err).includes('UNIQUE'))
      return apiError(c, 409, 'RFID_UUID_EXISTS', 'rfidUuidExists', { field: 'uuid' });
    throw err;
  }
}

/** The card of the scope, or the error answer: 404 unknown, 409 blocked or unlinked (irreversible). */
async function activeCard(c: Ctx, id: number) {
  const found = await scopedRfid(c.get('db'), await callerScope(c), id);
  if (!found) return { error: apiError(c, 404, 'RFID_NOT_FOUND', 'rfidNotFound') } as const;
  if (found.rfid.status !== 'active') return { error: apiError(c, 409, 'RFID_NOT_ACTIVE', 'rfidNotActive') } as const;
  return { found } as const;
}

const reads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const filters = c.req.valid('json');
    const { rows, total } = await listRfids(c.get('db'), await callerScope(c), filters);
    const now = new Date();
    return c.json(
      {
        data: rows.map((r) => toKeyfob(r.rfid, r.user, now)),
        total,
        page: filters.page,
        items_per_page: filters.items_per_page,
      },
      200,
    );
  })
  .openapi(types, (c) => c.json({ data: RFID_TYPES.map((t) => ({ id: t.id, label: t.label })) }, 200))
  .openapi(stationOptions, async (c) => {
    const { keyword } = c.req.valid('query');
    return c.json({ data: await searchCheckableStations(c.get('db'), await callerScope(c), keyword) }, 200);
  })
  .openapi(userOptions, async (c) => {
    const { keyword } = c.req.valid('query');
    return c.json({ data: await searchActiveUsers(c.get('db'), await callerScope(c), keyword) }, 200);
  })
  .openapi(check, async (c) => {
    const { uuid, station_id } = c.req.valid('query');
    const db = c.get('db');
    const scope = await callerScope(c);
    const station = station_id === undefined ? null : await checkableStationById(db, scope, station_id);
    if (station_id !== undefined && !station) {
      return apiError(c, 404, 'STATION_NOT_FOUND', 'keyfobStationNotFound', { field: 'station_id' });
    }
    // A card of another company reads as unknown: the check must not reveal other fleets' cards.
    const found = await scopedRfidByUuid(db, scope, uuid);
    const now = new Date();
    const verdict = cardVerdict(found?.rfid ?? null, found?.user ?? null, now);
    const card = found ? toKeyfob(found.rfid, found.user, now) : null;
    // The decision the charge point would get: only for a card of the scope (else the unknown card's answer).
    const decision = !station
      ? null
      : found
        ? await authorizationAt(db, found.rfid.uuid, station.id, now)
        : { status: 'Invalid' as const, reason: cardVerdict(null, null, now)?.reason ?? '' };
    return c.json(
      {
        uuid,
        exists: card !== null,
        valid: verdict === null,
        status: card?.status ?? null,
        expired: card?.expired ?? false,
        expires_at: card?.expires_at ?? null,
        user: userRef(found?.user ?? null),
        id: card?.id ?? null,
        reason: verdict?.reason ?? 'The RFID is valid.',
        decision:
          decision && station
            ? {
                status: decision.status,
                reason: decision.reason,
                parent_id_tag: card?.parent_id_tag ?? null,
                expiry_date: 'expiryDate' in decision ? (decision.expiryDate ?? null) : null,
                station,
              }
            : null,
      },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const { id } = c.req.valid('param');
    const found = await scopedRfid(c.get('db'), await callerScope(c), id);
    if (!found) return apiError(c, 404, 'RFID_NOT_FOUND', 'rfidNotFound');
    return c.json(toKeyfob(found.rfid, found.user), 200);
  });

const writes = new OpenAPIHono<AppEnv>()
  .openapi(
    create,
    async (c) => {
      const { code, uuid, ...fields } = c.req.valid('json');
      return insertCard(c, code, uuid, fields);
    },
    keyedValidation,
  )
  .openapi(createFromUuid, async (c) => {
    // The body is optional: without a JSON content type there is none to read.
    const fields = (c.req.header('content-type') ?? '').includes('application/json') ? c.req.valid('json') : {};
    return insertCard(c, generateCode(), c.req.valid('param').uuid, fields);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const card = await activeCard(c, id);
    if (card.error) return card.error;
    const { rfid } = card.found;
    let user = card.found.user;
    if (body.user_id !== undefined && body.user_id !== rfid.userId) {
      if (rfid.userId !== null) {
        return apiError(c, 409, 'RFID_ALREADY_ASSIGNED', 'rfidAlreadyAssigned', { field: 'user_id' });
      }
      const target = await scopedActiveUser(db, await callerScope(c), body.user_id);
      if (!target) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound', { field: 'user_id' });
      user = target;
    }
    if (body.peering !== undefined && body.peering !== rfid.peering) {
      const refused = await unavailablePeering(c, body.peering);
      if (refused) return refused;
    }
    const changes = { ...(body.user_id !== undefined ? { userId: body.user_id } : {}), ...cardChanges(body) };
    if (Object.keys(changes).length === 0) return c.json(toKeyfob(rfid, user), 200);
    const updated = await updateRfid(
      db,
      id,
      { ...changes, updatedAt: new Date() },
      rfid.userId,
      auditOf(c, 'rfid.update', id, {
        before: { userId: rfid.userId, type: rfid.type, expiresAt: rfid.expiresAt, parentIdTag: rfid.parentIdTag },
        changes: body,
      }),
    );
    if (!updated) {
      // Lost a race: blocked or unlinked meanwhile, else assigned to someone else meanwhile.
      const again = await activeCard(c, id);
      return again.error ?? apiError(c, 409, 'RFID_ALREADY_ASSIGNED', 'rfidAlreadyAssigned', { field: 'user_id' });
    }
    // A new expiry or group changes what stations may have cached for the card (ADR 058 addendum).
    if (body.expires_at !== undefined || body.parent_id_tag !== undefined) await clearCachesLater(c);
    await publishCardChange(db, c.env, updated, rfid.peering);
    return c.json(toKeyfob(updated, user), 200);
  })
  .openapi(block, async (c) => {
    const { id } = c.req.valid('param');
    const card = await activeCard(c, id);
    if (card.error) return card.error;
    const updated = await blockRfid(c.get('db'), id, auditOf(c, 'rfid.block', id, { userId: card.found.rfid.userId }));
    if (!updated) return apiError(c, 409, 'RFID_NOT_ACTIVE', 'rfidNotActive');
    // Stations that cached it as Accepted must ask again (ClearCache, after the answer).
    await clearCachesLater(c);
    await publishCardChange(c.get('db'), c.env, updated);
    return c.json(toKeyfob(updated, card.found.user), 200);
  })
  .openapi(unlink, async (c) => {
    const { id } = c.req.valid('param');
    const card = await activeCard(c, id);
    if (card.error) return card.error;
    // The user it was linked to is kept in the audit, since the card no longer names them.
    const updated = await unlinkRfid(
      c.get('db'),
      id,
      auditOf(c, 'rfid.unlink', id, { previousUserId: card.found.rfid.userId }),
    );
    if (!updated) return apiError(c, 409, 'RFID_NOT_ACTIVE', 'rfidNotActive');
    await clearCachesLater(c);
    await publishCardChange(c.get('db'), c.env, updated);
    return c.json(toKeyfob(updated, null), 200);
  });

// The import's literal paths (/keyfob/import…) go before /keyfob/{id}.
export const keyfobRoutes = new OpenAPIHono<AppEnv>()
  .route('/', keyfobImportRoutes)
  .route('/', reads)
  .route('/', writes);
