/**
 * @module Moving stations between companies of the caller's tree (`/connectors/move-stations`) and
 * hiding stations (spec 7.16 `stations/{uid}/hide`, `POST stations/hide`). Both ends of a move are
 * checked against the tree; the move needs an explicit confirmation and writes an audit row and a
 * customer-service-log entry per station. Hidden stations leave the lists and the map; whoever edits
 * stations may hide one, only administrators may unhide (ADR 025).
 */

import { inCompanies } from '@db/queries/companies.store';
import { stationInScope } from '@db/queries/stations.store';
import { companies, customerServiceLogs, stations } from '@db/schema';
import { can } from '@domain/permissions/permissions';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, count, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit.store';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import {
  ByUid,
  CompanyOption,
  HideAnswer,
  HideBody,
  HideManyBody,
  MoveAnswer,
  MoveBody,
  StationListQuery,
  StationPage,
} from './onboarding.schemas';

const movableRoute = defineRoute('stations:move', {
  method: 'get',
  path: '/stations/movable',
  tags: ['Onboarding'],
  summary: 'Stations operated by a company of the caller’s tree (the ones that can be moved), with keyword and pages',
  request: { query: StationListQuery },
  responses: { 200: json(StationPage) },
});

const targetsRoute = defineRoute('stations:move', {
  method: 'get',
  path: '/stations/move-targets',
  tags: ['Onboarding'],
  summary: 'Companies of the caller’s tree that operate stations: where stations can be moved to',
  responses: { 200: json(z.object({ data: z.array(CompanyOption) }).openapi('MoveTargets')) },
});

const moveRoute = defineRoute('stations:move', {
  method: 'post',
  path: '/stations/move',
  tags: ['Onboarding'],
  summary:
    'Move stations to another operator company of the tree (both ends checked); needs confirm: true; audited and written to the customer-service log',
  request: { body: jsonBody(MoveBody) },
  responses: {
    200: json(MoveAnswer),
    400: json(ErrorSchema, 'Not confirmed, target outside the tree, or already there'),
    404: json(ErrorSchema, 'A station is not operated in the caller’s tree'),
  },
});

const hiddenRoute = defineRoute('stations:hide', {
  method: 'get',
  path: '/stations/hidden',
  tags: ['Onboarding'],
  summary: 'Hidden stations of the caller’s tree (they are left out of the lists and the map)',
  request: { query: StationListQuery },
  responses: { 200: json(StationPage) },
});

const hideOneRoute = defineRoute('stations:hide', {
  method: 'put',
  path: '/stations/{uid}/hide',
  tags: ['Onboarding'],
  summary: 'Hide (hidden: true) or unhide (hidden: false, administrators only) one station',
  request: { params: ByUid, body: jsonBody(HideBody) },
  responses: { 200: json(HideAnswer), 404: json(ErrorSchema, 'Station not found') },
});

const hideManyRoute = defineRoute('stations:hide', {
  method: 'post',
  path: '/stations/hide',
  tags: ['Onboarding'],
  summary: 'Hide or unhide (administrators only) up to 100 stations by uid; all or none',
  request: { body: jsonBody(HideManyBody) },
  responses: { 200: json(HideAnswer), 404: json(ErrorSchema, 'A station is not in the tree') },
});

const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

async function stationPage(
  c: Context<AppEnv>,
  where: SQL | undefined,
  q: { page: number; items_per_page: number; keyword?: string },
) {
  const db = c.get('db');
  const conditions = [where];
  if (q.keyword) {
    const p = contains(q.keyword);
    conditions.push(or(like(stations.uid, p), like(stations.name, p), like(stations.city, p)));
  }
  const filter = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stations.id,
        uid: stations.uid,
        name: stations.name,
        city: stations.city,
        companyId: stations.companyId,
        companyName: companies.name,
        offline: stations.offline,
        commissioningStatus: stations.commissioningStatus,
      })
      .from(stations)
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(filter)
      .orderBy(asc(stations.name), asc(stations.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db.select({ n: count() }).from(stations).where(filter),
  ]);
  return { data: rows, total: total?.n ?? 0, page: q.page, items_per_page: q.items_per_page };
}

const operates = or(sql`${companies.cpms} IS NOT NULL`, eq(companies.isSubcpo, true), eq(companies.isLifestyle, true));

async function setHidden(c: Context<AppEnv>, uids: string[], hidden: boolean) {
  const auth = authOf(c);
  if (!hidden && !can(auth.access, 'stations:unhide')) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
  const db = c.get('db');
  const unique = [...new Set(uids)];
  const found = await db
    .select({ id: stations.id, uid: stations.uid, companyId: stations.companyId, hidden: stations.hidden })
    .from(stations)
    .where(
      and(
        sql`${stations.uid} IN (SELECT value FROM json_each(${JSON.stringify(unique)}))`,
        stationInScope(await callerScope(c)),
      ),
    );
  const missing = unique.find((uid) => !found.some((s) => s.uid === uid));
  if (missing) return apiError(c, 404, 'STATION_NOT_FOUND', 'stationNotFound', { params: { uid: missing } });
  const changing = found.filter((s) => s.hidden !== hidden);
  if (changing.length > 0) {
    const ids = changing.map((s) => s.id);
    await db.batch([
      db.update(stations).set({ hidden, updatedAt: new Date() }).where(inCompanies(stations.id, ids)),
      ...changing.map((s) =>
        auditInsert(db, {
          action: hidden ? 'station.hide' : 'station.unhide',
          actorUserId: auth.user.id,
          companyId: s.companyId,
          entity: 'station',
          entityId: s.id,
          ip: clientIp(c),
        }),
      ),
    ]);
  }
  return c.json({ hidden, uids: unique }, 200);
}

export const moveRoutes = new OpenAPIHono<AppEnv>()
  .openapi(movableRoute, async (c) => {
    const scope = await callerScope(c);
    return c.json(await stationPage(c, inCompanies(stations.companyId, scope), c.req.valid('query')), 200);
  })
  .openapi(targetsRoute, async (c) => {
    const scope = await callerScope(c);
    const rows = await c
      .get('db')
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(and(inCompanies(companies.id, scope), operates))
      .orderBy(asc(companies.name));
    return c.json({ data: rows }, 200);
  })
  .openapi(moveRoute, async (c) => {
    const body = c.req.valid('json');
    const auth = authOf(c);
    const db = c.get('db');
    if (!body.confirm) return apiError(c, 400, 'CONFIRMATION_REQUIRED', 'confirmRequired', { field: 'confirm' });
    const scope = await callerScope(c);
    const target = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, body.targetCompanyId), inCompanies(companies.id, scope), operates))
      .get();
    if (!target) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'stationCompanyNotInScope', {
        field: 'targetCompanyId',
        params: { id: body.targetCompanyId },
      });
    }
    const ids = [...new Set(body.stationIds)];
    // Only operated stations move: an owner cannot hand its operator's station to someone else.
    const found = await db
      .select({ id: stations.id, uid: stations.uid, companyId: stations.companyId })
      .from(stations)
      .where(and(inCompanies(stations.id, ids), inCompanies(stations.companyId, scope)));
    const missing = ids.find((id) => !found.some((s) => s.id === id));
    if (missing !== undefined) {
      return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id: missing } });
    }
    const already = found.find((s) => s.companyId === target.id);
    if (already) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'moveSameCompany', {
        field: 'stationIds',
        params: { id: already.id },
      });
    }
    const now = new Date();
    await db.batch([
      // Company groups (tags) belong to the old company: they do not follow the station.
      db
        .update(stations)
        .set({ companyId: target.id, group1Id: null, group2Id: null, group3Id: null, group4Id: null, updatedAt: now })
        .where(inCompanies(stations.id, ids)),
      ...found.flatMap((s) => [
        auditInsert(db, {
          action: 'station.move',
          actorUserId: auth.user.id,
          companyId: target.id,
          entity: 'station',
          entityId: s.id,
          detail: { fromCompanyId: s.companyId, toCompanyId: target.id },
          ip: clientIp(c),
        }),
        db.insert(customerServiceLogs).values({
          companyId: target.id,
          stationId: s.id,
          userId: auth.user.id,
          action: 'StationMoved',
          detailJson: JSON.stringify({ request: { fromCompanyId: s.companyId, toCompanyId: target.id } }),
          result: 'success',
        }),
      ]),
    ]);
    return c.json(
      { moved: found.map((s) => ({ id: s.id, uid: s.uid, fromCompanyId: s.companyId })), to: target.id },
      200,
    );
  })
  .openapi(hiddenRoute, async (c) => {
    const scope = await callerScope(c);
    return c.json(
      await stationPage(c, and(stationInScope(scope), eq(stations.hidden, true)), c.req.valid('query')),
      200,
    );
  })
  .openapi(hideOneRoute, async (c) => setHidden(c, [c.req.valid('param').uid], c.req.valid('json').hidden))
  .openapi(hideManyRoute, async (c) => {
    const { uids, hidden } = c.req.valid('json');
    return setHidden(c, uids, hidden);
  });
