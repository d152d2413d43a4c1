/**
 * @module `GET/PATCH /api/stations/{id}/detail` (spec 7.16): every station field of spec section 3,
 * and the station update with the rules of spec section 5 checked on the station as it would be
 * after the change. Operated or owned stations of the caller's company tree only (404 otherwise);
 * each update writes an audit row with the values before and after, in the same batch.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { rulesFailed } from '@api/lib/rule-problems';
import { callerScope } from '@api/lib/scope';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import { pushStationChange } from '@api/ocpi/ocpi.locations';
import { stationProblems } from '@domain/stations/station-rules';
import { stationUpdateDiff } from '@domain/stations/station-update';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getDetail, patchDetail } from './detail.routes';
import { toDetail } from './detail.schemas';
import { loadStation, updateStation } from './detail.store';

function stationNotFound(c: Context<AppEnv>, id: number) {
  return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id } });
}

export const detailRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getDetail, async (c) => {
    const { id } = c.req.valid('param');
    const loaded = await loadStation(c.get('db'), await callerScope(c), id);
    if (!loaded) return stationNotFound(c, id);
    return c.json(toDetail(loaded), 200);
  })
  .openapi(
    patchDetail,
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const scope = await callerScope(c);
      const loaded = await loadStation(db, scope, id);
      if (!loaded) return stationNotFound(c, id);
      if (body.ownerId !== undefined && body.ownerId !== null && !scope.includes(body.ownerId)) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'ownerNotInScope', { field: 'ownerId' });
      }
      const before = toDetail(loaded);
      const problems = stationProblems({ ...before, ...body });
      if (problems.length > 0) return rulesFailed(c, problems);
      const merged = { ...before, ...body };
      if (merged.certifiedRenewable && !merged.renewableCertificate) {
        // Market-based CO2 (ADR 053) needs the evidence: the certificate's reference.
        return apiError(c, 400, 'VALIDATION_FAILED', 'renewableCertificateRequired', { field: 'renewableCertificate' });
      }
      const diff = stationUpdateDiff(before, body);
      if (!diff) return c.json(before, 200);
      const { ownerId, ...fields } = body;
      await updateStation(
        db,
        id,
        { ...fields, ...(ownerId !== undefined ? { ownerCompanyId: ownerId } : {}) },
        {
          action: 'station.update',
          actorUserId: authOf(c).user.id,
          companyId: loaded.s.companyId,
          entity: 'station',
          entityId: id,
          detail: { before: diff.before, after: diff.after },
          ip: clientIp(c),
        },
      );
      // Partners the station is published to receive its new Location (none bound: one D1 read).
      await pushStationChange(db, c.env, id);
      const after = await loadStation(db, scope, id);
      if (!after) return stationNotFound(c, id);
      return c.json(toDetail(after), 200);
    },
    keyedValidation,
  );
