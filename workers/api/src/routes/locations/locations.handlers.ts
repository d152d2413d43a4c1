/**
 * @module Locations (spec 7.16: `locations`, `location/{uid}`, `PUT location`): the sites stations
 * stand at, within the caller's company tree; a station can only be linked by a caller who sees it.
 * A location's fields are checked by the domain's `locationProblems` before anything is written.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { rulesFailed } from '@api/lib/rule-problems';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { locationProblems, newLocationUid } from '@domain/groups/location-rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { list, read, write } from './locations.routes';
import { findLocation, firstMissingStation, listLocations, locationDetail, saveLocation } from './locations.store';

const notFound = (c: Context, uid: string) =>
  apiError(c, 404, 'LOCATION_NOT_FOUND', 'locationNotFound', { params: { uid } });

export const locationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listLocations(c.get('db'), await callerScope(c), c.req.valid('query')), 200))
  .openapi(read, async (c) => {
    const { uid } = c.req.valid('param');
    const found = await locationDetail(c.get('db'), await callerScope(c), uid);
    return found ? c.json(found, 200) : notFound(c, uid);
  })
  .openapi(write, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const { company, user } = authOf(c);
    const scope = await callerScope(c);
    const existing = body.uid ? await findLocation(db, scope, body.uid) : undefined;
    if (body.uid && !existing) return notFound(c, body.uid);
    const problems = locationProblems({
      name: body.name,
      address: body.address,
      postalCode: body.postal_code,
      city: body.city,
      country: body.country,
      latitude: body.latitude,
      longitude: body.longitude,
    });
    if (problems.length > 0) return rulesFailed(c, problems);
    if (body.station_ids) {
      const missing = await firstMissingStation(db, scope, body.station_ids);
      if (missing !== undefined) {
        return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id: missing } });
      }
    }
    const loc = existing
      ? { id: existing.l.id, uid: existing.l.uid, companyId: existing.l.companyId }
      : { uid: newLocationUid(), companyId: company.id };
    const fields = {
      name: body.name,
      address: body.address,
      streetNumber: body.street_number || null,
      postalCode: body.postal_code,
      city: body.city,
      country: body.country,
      // locationProblems refused missing coordinates above.
      latitude: body.latitude as number,
      longitude: body.longitude as number,
      ...(body.time_zone ? { timeZone: body.time_zone } : {}),
      directions: body.directions || null,
      openingHours: body.opening_hours || null,
    };
    await saveLocation(db, user.id, loc, fields, body.station_ids);
    const result = await locationDetail(db, scope, loc.uid);
    if (!result) return notFound(c, loc.uid);
    return existing ? c.json(result, 200) : c.json(result, 201);
  });
