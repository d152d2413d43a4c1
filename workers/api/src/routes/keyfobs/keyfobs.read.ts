/** @module Key hanger reads: list, detail, types and the validity check. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { cardVerdict } from '../../../../../domain/authorization/decide';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { check, detail, list, types } from './keyfobs.routes';
import { RFID_TYPES, toKeyfob, userRef } from './keyfobs.schemas';
import { listRfids, scopedRfid, scopedRfidByUuid } from './keyfobs.store';

export const keyfobReads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const filters = c.req.valid('json');
    const db = c.get('db');
    const { rows, total } = await listRfids(db, await callerScope(c), filters);
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
  // Registered before /keyfob/{id}, so these words never reach the id parameter.
  .openapi(types, (c) => c.json({ data: RFID_TYPES.map((t) => ({ id: t.id, label: t.label })) }, 200))
  .openapi(check, async (c) => {
    const { uuid } = c.req.valid('query');
    const db = c.get('db');
    // A card of another company reads as unknown: the check must not reveal other fleets' cards.
    const found = await scopedRfidByUuid(db, await callerScope(c), uuid);
    const now = new Date();
    const verdict = cardVerdict(found?.rfid ?? null, found?.user ?? null, now);
    const card = found ? toKeyfob(found.rfid, found.user, now) : null;
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
      },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const found = await scopedRfid(db, await callerScope(c), id);
    if (!found) return apiError(c, 404, 'RFID_NOT_FOUND', 'rfidNotFound');
    return c.json(toKeyfob(found.rfid, found.user), 200);
  });
