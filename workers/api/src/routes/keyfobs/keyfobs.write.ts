/** @module Key hanger changes: create, assign, block and unlink, each with its audit row. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { rfids } from '../../../../../drizzle/schema';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { block, create, createFromUuid, unlink, update } from './keyfobs.routes';
import { toKeyfob } from './keyfobs.schemas';
import { generateCode, scopedActiveUser, scopedRfid } from './keyfobs.store';

type Ctx = Context<AppEnv>;

function auditOf(c: Ctx, action: string, rfidId: number, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return auditInsert(c.get('db'), {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity: 'rfid',
    entityId: rfidId,
    detail,
    ip: clientIp(c),
  });
}

/** Inserts a card in the selected company; the UUID is unique platform-wide (it is the idTag). */
async function insertCard(c: Ctx, code: string, uuid: string) {
  const db = c.get('db');
  const taken = await db.select({ id: rfids.id }).from(rfids).where(eq(rfids.uuid, uuid)).get();
  if (taken) return apiError(c, 409, 'RFID_UUID_EXISTS', 'rfidUuidExists', { field: 'uuid' });
  let row: typeof rfids.$inferSelect | undefined;
  try {
    [row] = await db
      .insert(rfids)
      .values({ companyId: authOf(c).company.id, keyHangerCode: code, uuid })
      .returning();
  } catch (err) {
    // Two creations of one UUID at once: the unique index decides, and the loser hears why.
    if (String(err).includes('UNIQUE'))
      return apiError(c, 409, 'RFID_UUID_EXISTS', 'rfidUuidExists', { field: 'uuid' });
    throw err;
  }
  if (!row) throw new Error('rfid insert returned nothing');
  await auditOf(c, 'rfid.create', row.id, { code, uuid });
  return c.json(toKeyfob(row, null), 201);
}

/** The card of the scope, or the error answer: 404 unknown, 409 blocked or unlinked (irreversible). */
async function activeCard(c: Ctx, id: number) {
  const db = c.get('db');
  const found = await scopedRfid(db, await callerScope(c), id);
  if (!found) return { error: apiError(c, 404, 'RFID_NOT_FOUND', 'rfidNotFound') } as const;
  if (found.rfid.status !== 'active') return { error: apiError(c, 409, 'RFID_NOT_ACTIVE', 'rfidNotActive') } as const;
  return { found } as const;
}

/** Guards the update itself too: a block racing this request must win, since it is irreversible. */
const stillActive = (id: number) => and(eq(rfids.id, id), eq(rfids.status, 'active'));

export const keyfobWrites = new OpenAPIHono<AppEnv>()
  .openapi(
    create,
    async (c) => {
      const { code, uuid } = c.req.valid('json');
      return insertCard(c, code, uuid);
    },
    keyedValidation,
  )
  .openapi(createFromUuid, async (c) => insertCard(c, generateCode(), c.req.valid('param').uuid))
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
      const scope = await callerScope(c);
      const target = await scopedActiveUser(db, scope, body.user_id);
      if (!target) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound', { field: 'user_id' });
      user = target;
    }
    const changes = {
      ...(body.user_id !== undefined ? { userId: body.user_id } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.expires_at !== undefined ? { expiresAt: body.expires_at ? new Date(body.expires_at) : null } : {}),
    };
    if (Object.keys(changes).length === 0) return c.json(toKeyfob(rfid, user), 200);
    const [[updated]] = await db.batch([
      db
        .update(rfids)
        .set(changes)
        // Still unassigned (or assigned to this user): two managers assigning at once cannot both win.
        .where(and(stillActive(id), or(isNull(rfids.userId), eq(rfids.userId, changes.userId ?? rfid.userId ?? -1))))
        .returning(),
      auditOf(c, 'rfid.update', id, {
        before: { userId: rfid.userId, type: rfid.type, expiresAt: rfid.expiresAt },
        changes: body,
      }),
    ]);
    if (!updated) {
      // Lost a race: blocked or unlinked meanwhile, else assigned to someone else meanwhile.
      const again = await activeCard(c, id);
      return again.error ?? apiError(c, 409, 'RFID_ALREADY_ASSIGNED', 'rfidAlreadyAssigned', { field: 'user_id' });
    }
    return c.json(toKeyfob(updated, user), 200);
  })
  .openapi(block, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const card = await activeCard(c, id);
    if (card.error) return card.error;
    const [[updated]] = await db.batch([
      db.update(rfids).set({ status: 'blocked', blockedAt: new Date() }).where(stillActive(id)).returning(),
      auditOf(c, 'rfid.block', id, { userId: card.found.rfid.userId }),
    ]);
    if (!updated) return apiError(c, 409, 'RFID_NOT_ACTIVE', 'rfidNotActive');
    return c.json(toKeyfob(updated, card.found.user), 200);
  })
  .openapi(unlink, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const card = await activeCard(c, id);
    if (card.error) return card.error;
    const [[updated]] = await db.batch([
      db
        .update(rfids)
        .set({ status: 'unlinked', unlinkedAt: new Date(), userId: null })
        .where(stillActive(id))
        .returning(),
      // The user it was linked to is kept here, since the card no longer names them.
      auditOf(c, 'rfid.unlink', id, { previousUserId: card.found.rfid.userId }),
    ]);
    if (!updated) return apiError(c, 409, 'RFID_NOT_ACTIVE', 'rfidNotActive');
    return c.json(toKeyfob(updated, null), 200);
  });
