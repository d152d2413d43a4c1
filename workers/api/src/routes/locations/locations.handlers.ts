/**
 * @module Locations (spec 7.16: `locations`, `location/{uid}`, `PUT location`): the sites stations
 * stand at. Reading needs 'connectors:view', writing 'stations:edit'; every query is limited to the
 * caller's company tree, and a station can only be linked by a caller who sees it.
 */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies';
import { stationInScope } from '@db/queries/stations';
import { companies, locationStations, locations, stations } from '@db/schema';
import { locationProblems, newLocationUid } from '@domain/groups/location-rules';
import { translate } from '@domain/i18n/messages';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, count, eq, like, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { LocationBody, LocationDetail, LocationListQuery, LocationPage, UidParams } from './groups.schemas';
import { contains, inIds } from './groups.store';

const tags = ['Locations'];
const locationNotFound = error('Location uid: {uid} not found.');

const listRoute = defineRoute('connectors:view', {
  method: 'get',
  path: '/locations',
  tags,
  summary: 'Locations of the selected company and its descendants: keyword, page (from 0), items_per_page',
  request: { query: LocationListQuery },
  responses: { 200: json(LocationPage) },
});

const readRoute = defineRoute('connectors:view', {
  method: 'get',
  path: '/location/{uid}',
  tags,
  summary: 'One location with the stations linked to it',
  request: { params: UidParams },
  responses: { 200: json(LocationDetail), 404: locationNotFound },
});

const writeRoute = defineRoute('stations:edit', {
  method: 'put',
  path: '/location',
  tags,
  summary: 'Create a location (no uid) or update the location `uid`; `station_ids` replaces its stations',
  request: { body: jsonBody(LocationBody) },
  responses: {
    200: json(LocationDetail, 'Updated'),
    201: json(LocationDetail, 'Created'),
    404: error('Location uid: {uid} not found, or Station id: {id} not found.'),
  },
});

const stationCount = sql<number>`(SELECT count(*) FROM location_stations ls WHERE ls.location_id = ${locations.id})`;

const columns = { l: locations, companyName: companies.name, stationCount };

type Row = { l: typeof locations.$inferSelect; companyName: string; stationCount: number };

const out = ({ l, companyName, stationCount: n }: Row) => ({
  uid: l.uid,
  name: l.name,
  address: l.address,
  streetNumber: l.streetNumber,
  postalCode: l.postalCode,
  city: l.city,
  country: l.country,
  latitude: l.latitude,
  longitude: l.longitude,
  timeZone: l.timeZone,
  directions: l.directions,
  openingHours: l.openingHours,
  companyId: l.companyId,
  companyName,
  stationCount: Number(n),
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt?.toISOString() ?? null,
});

async function findLocation(db: Db, scope: number[], uid: string) {
  return db
    .select(columns)
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.uid, uid), inCompanies(locations.companyId, scope)))
    .get();
}

async function detail(db: Db, scope: number[], uid: string) {
  const row = await findLocation(db, scope, uid);
  if (!row) return undefined;
  const linked = await db
    .select({
      id: stations.id,
      uid: stations.uid,
      name: stations.name,
      city: stations.city,
      address: stations.address,
      connected: stations.connected,
      connectorCount: sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id})`,
      firstConnectorId: sql<number | null>`(SELECT min(c.id) FROM connectors c WHERE c.station_id = ${stations.id})`,
    })
    .from(locationStations)
    .innerJoin(stations, eq(stations.id, locationStations.stationId))
    .where(and(eq(locationStations.locationId, row.l.id), stationInScope(scope)))
    .orderBy(asc(stations.name), asc(stations.id));
  return {
    ...out(row),
    stations: linked.map((s) => ({
      ...s,
      connectorCount: Number(s.connectorCount),
      firstConnectorId: s.firstConnectorId === null ? null : Number(s.firstConnectorId),
    })),
  };
}

async function firstMissingStation(db: Db, scope: number[], ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return undefined;
  const found = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(inIds(stations.id, unique), stationInScope(scope)));
  const known = new Set(found.map((r) => r.id));
  return unique.find((id) => !known.has(id));
}

const notFound = (c: Context, uid: string) =>
  apiError(c, 404, 'LOCATION_NOT_FOUND', 'locationNotFound', { params: { uid } });

export const locationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid('query');
    const db = c.get('db');
    const scope = await callerScope(c);
    const p = q.keyword ? contains(q.keyword) : undefined;
    const where = and(
      inCompanies(locations.companyId, scope),
      p
        ? or(like(locations.name, p), like(locations.city, p), like(locations.address, p), like(locations.uid, p))
        : undefined,
    );
    const [rows, totals] = await Promise.all([
      db
        .select(columns)
        .from(locations)
        .innerJoin(companies, eq(companies.id, locations.companyId))
        .where(where)
        .orderBy(asc(locations.name), asc(locations.id))
        .limit(q.items_per_page)
        .offset(q.page * q.items_per_page),
      db.select({ n: count() }).from(locations).where(where),
    ]);
    return c.json(
      { data: rows.map(out), total: totals[0]?.n ?? 0, page: q.page, items_per_page: q.items_per_page },
      200,
    );
  })
  .openapi(readRoute, async (c) => {
    const { uid } = c.req.valid('param');
    const found = await detail(c.get('db'), await callerScope(c), uid);
    return found ? c.json(found, 200) : notFound(c, uid);
  })
  .openapi(writeRoute, async (c) => {
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
    const first = problems[0];
    if (first) {
      const lang = requestLanguage(c);
      return apiError(c, 400, 'VALIDATION_FAILED', first.key, {
        field: first.field,
        issues: problems.map((p) => ({ field: p.field, message: translate(lang, p.key) })),
      });
    }
    if (body.station_ids) {
      const missing = await firstMissingStation(db, scope, body.station_ids);
      if (missing !== undefined) {
        return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id: missing } });
      }
    }
    const fields = {
      name: body.name,
      address: body.address,
      streetNumber: body.street_number || null,
      postalCode: body.postal_code,
      city: body.city,
      country: body.country,
      latitude: body.latitude as number,
      longitude: body.longitude as number,
      ...(body.time_zone ? { timeZone: body.time_zone } : {}),
      directions: body.directions || null,
      openingHours: body.opening_hours || null,
    };
    let id: number;
    let uid: string;
    if (existing) {
      id = existing.l.id;
      uid = existing.l.uid;
      await db
        .update(locations)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(locations.id, id));
    } else {
      uid = newLocationUid();
      const created = await db
        .insert(locations)
        .values({ ...fields, uid, companyId: company.id })
        .returning({ id: locations.id })
        .get();
      id = created.id;
    }
    const links = body.station_ids
      ? [
          db.delete(locationStations).where(eq(locationStations.locationId, id)),
          db
            .insert(locationStations)
            .select(
              db
                .select({ stationId: stations.id, locationId: sql<number>`${id}`.as('location_id') })
                .from(stations)
                .where(inIds(stations.id, [...new Set(body.station_ids)])),
            )
            .onConflictDoUpdate({ target: locationStations.stationId, set: { locationId: id } }),
        ]
      : [];
    await db.batch([
      auditInsert(db, {
        action: existing ? 'location.update' : 'location.create',
        actorUserId: user.id,
        companyId: existing?.l.companyId ?? company.id,
        entity: 'location',
        entityId: uid,
        detail: { name: body.name, stations: body.station_ids?.length },
      }),
      ...links,
    ]);
    const result = await detail(db, scope, uid);
    if (!result) return notFound(c, uid);
    return existing ? c.json(result, 200) : c.json(result, 201);
  });
