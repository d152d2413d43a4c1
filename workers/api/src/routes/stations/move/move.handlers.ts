/**
 * @module Moving stations between companies of the caller's tree and hiding stations (spec 7.16
 * `stations/{uid}/hide`, `POST stations/hide`). Both ends of a move are checked against the tree; the
 * move needs an explicit confirmation and writes an audit row and a customer-service-log entry per
 * station. Hidden stations leave the lists and the map; whoever edits stations may hide one, only
 * administrators may unhide (ADR 025).
 */

import type { AppEnv } from '@api/env';
import { closedCompanyRefusal } from '@api/lib/closed-company';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import { can } from '@domain/permissions/permissions';
import { hideDecision } from '@domain/stations/hide';
import { moveRefusal } from '@domain/stations/move';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { hiddenRoute, hideManyRoute, hideOneRoute, movableRoute, moveRoute, targetsRoute } from './move.routes';
import {
  hiddenStations,
  movableStations,
  moveStations,
  moveTargets,
  operatedStations,
  operatorInScope,
  setHidden,
  stationsByUids,
} from './move.store';

async function hide(c: Context<AppEnv>, uids: string[], hidden: boolean) {
  const auth = authOf(c);
  if (!hidden && !can(auth.access, 'stations:unhide')) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
  const db = c.get('db');
  const unique = [...new Set(uids)];
  const decision = hideDecision(unique, await stationsByUids(db, await callerScope(c), unique), hidden);
  if (decision.missing !== null) {
    return apiError(c, 404, 'STATION_NOT_FOUND', 'stationNotFound', { params: { uid: decision.missing } });
  }
  if (decision.changing.length > 0) {
    await setHidden(
      db,
      decision.changing.map((s) => s.id),
      hidden,
      decision.changing.map((s) => ({
        action: hidden ? 'station.hide' : 'station.unhide',
        actorUserId: auth.user.id,
        companyId: s.companyId,
        entity: 'station',
        entityId: s.id,
        ip: clientIp(c),
      })),
    );
  }
  return c.json({ hidden, uids: unique }, 200);
}

export const moveRoutes = new OpenAPIHono<AppEnv>()
  .openapi(movableRoute, async (c) =>
    c.json(await movableStations(c.get('db'), await callerScope(c), c.req.valid('query')), 200),
  )
  .openapi(targetsRoute, async (c) => c.json({ data: await moveTargets(c.get('db'), await callerScope(c)) }, 200))
  .openapi(moveRoute, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    if (!body.confirm) return apiError(c, 400, 'CONFIRMATION_REQUIRED', 'confirmRequired', { field: 'confirm' });
    const scope = await callerScope(c);
    const requested = [...new Set(body.stationIds)];
    const [target, found] = await Promise.all([
      operatorInScope(db, scope, body.targetCompanyId),
      operatedStations(db, scope, requested),
    ]);
    const refusal = moveRefusal({ target: target ?? null, requested, found });
    if (refusal?.reason === 'targetOutsideTree') {
      return apiError(c, 400, 'VALIDATION_FAILED', 'stationCompanyNotInScope', {
        field: 'targetCompanyId',
        params: { id: body.targetCompanyId },
      });
    }
    if (refusal?.reason === 'stationNotFound') {
      return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id: refusal.id } });
    }
    if (refusal?.reason === 'alreadyThere') {
      return apiError(c, 400, 'VALIDATION_FAILED', 'moveSameCompany', {
        field: 'stationIds',
        params: { id: refusal.id },
      });
    }
    const targetId = body.targetCompanyId;
    const closed = await closedCompanyRefusal(c, targetId, 'targetCompanyId');
    if (closed) return closed;
    await moveStations(db, found, targetId, { userId: authOf(c).user.id, ip: clientIp(c) });
    return c.json(
      { moved: found.map((s) => ({ id: s.id, uid: s.uid, fromCompanyId: s.companyId })), to: targetId },
      200,
    );
  })
  .openapi(hiddenRoute, async (c) =>
    c.json(await hiddenStations(c.get('db'), await callerScope(c), c.req.valid('query')), 200),
  )
  .openapi(hideManyRoute, async (c) => {
    const { uids, hidden } = c.req.valid('json');
    return hide(c, uids, hidden);
  })
  .openapi(hideOneRoute, async (c) => hide(c, [c.req.valid('param').uid], c.req.valid('json').hidden));
