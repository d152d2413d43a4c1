/**
 * @module `GET/PATCH /api/stations/{id}/detail` (spec 7.16): every station field of spec section 3,
 * and the station update with the rules of spec section 5 checked on the station as it would be
 * after the change. Operated or owned stations of the caller's company tree only (404 otherwise);
 * each update writes an audit row with the values before and after, in the same batch.
 */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { companies, connectors, stations } from '@db/schema';
import { translate } from '@domain/i18n/messages';
import { shownLastHeartbeat } from '@domain/stations/liveness';
import { stationProblems } from '@domain/stations/station-rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit.store';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { requestLanguage } from '../../lib/language';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { StationDetailSchema, StationIdParams, StationPatchBody } from './station-detail.schemas';

const notFound = json(ErrorSchema, 'Station id: {id} not found. (outside the company tree too)');

const getDetail = defineRoute('connectors:view', {
  method: 'get',
  path: '/stations/{id}/detail',
  tags: ['Stations'],
  summary: "Every field of a station operated or owned in the selected company's tree, with its connectors",
  request: { params: StationIdParams },
  responses: { 200: json(StationDetailSchema), 404: notFound },
});

const patchDetail = defineRoute('stations:edit', {
  method: 'patch',
  path: '/stations/{id}/detail',
  tags: ['Stations'],
  summary:
    'Update a station: mandatory fields, coordinates (dot decimals, in range), public peering only on a public station; audited',
  request: { params: StationIdParams, body: jsonBody(StationPatchBody) },
  responses: {
    200: json(StationDetailSchema),
    400: json(ErrorSchema, 'A rule of spec section 5 failed; `issues` names every field'),
    404: notFound,
  },
});

const iso = (d: Date | null) => d?.toISOString() ?? null;
const owners = alias(companies, 'owners');

async function loadStation(db: Db, scope: number[], id: number) {
  const row = await db
    .select({ s: stations, operatorName: companies.name, ownerName: owners.name })
    .from(stations)
    .innerJoin(companies, eq(companies.id, stations.companyId))
    .leftJoin(owners, eq(owners.id, stations.ownerCompanyId))
    .where(and(eq(stations.id, id), stationInScope(scope)))
    .get();
  if (!row) return null;
  const plugs = await db
    .select({
      id: connectors.id,
      uid: connectors.uid,
      connectorNumber: connectors.connectorNumber,
      evseId: connectors.evseId,
    })
    .from(connectors)
    .where(eq(connectors.stationId, id))
    .orderBy(asc(connectors.connectorNumber));
  return { ...row, plugs };
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loadStation>>>;

function toDetail({ s, operatorName, ownerName, plugs }: Loaded) {
  return {
    id: s.id,
    uid: s.uid,
    name: s.name,
    template: s.template,
    operatorId: s.companyId,
    operatorName,
    ownerId: s.ownerCompanyId,
    ownerName,
    address: s.address,
    streetNumber: s.streetNumber,
    postalCode: s.postalCode,
    city: s.city,
    country: s.country,
    latitude: s.latitude,
    longitude: s.longitude,
    timeZone: s.timeZone,
    type: s.type,
    directions: s.directions,
    powerType: s.powerType,
    voltage: s.voltage,
    amperage: s.amperage,
    plugType: s.plugType,
    plugFormat: s.plugFormat,
    urlType: s.urlType,
    // No peering binding is stored before the roaming issue; the rule below reads this same list.
    peerings: [] as { id: string; public: boolean }[],
    brand: s.brand,
    model: s.model,
    profile: s.profile,
    serialNumber: s.serialNumber,
    firmware: s.firmware,
    installationDate: s.installationDate,
    commissioningDate: s.commissioningDate,
    midMeterSerial: s.midMeterSerial,
    paymentTerminalSerial: s.paymentTerminalSerial,
    energyStorageUrl: s.energyStorageUrl,
    visibleInApp: s.visibleInApp,
    openToPublic: s.openToPublic,
    openingDate: s.openingDate,
    qrPaymentEnabled: s.qrPaymentEnabled,
    atHome: s.atHome,
    offline: s.offline,
    registration: s.registration,
    lastIp: s.lastIp,
    // Only when it is the last contact recorded (domain/stations/liveness.ts).
    lastHeartbeatAt: iso(shownLastHeartbeat(s.lastSeenAt, s.lastHeartbeatAt)),
    lastResetAt: iso(s.lastResetAt),
    lastBootAt: iso(s.lastBootAt),
    lastAuthorizationAt: iso(s.lastAuthorizationAt),
    lastSeenAt: iso(s.lastSeenAt),
    updatedAt: iso(s.updatedAt),
    connectors: plugs,
  };
}

function stationNotFound(c: Context<AppEnv>, id: number) {
  return apiError(c, 404, 'STATION_NOT_FOUND', 'stationIdNotFound', { params: { id } });
}

export const stationDetailRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getDetail, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const loaded = await loadStation(db, await callerScope(c), id);
    if (!loaded) return stationNotFound(c, id);
    return c.json(toDetail(loaded), 200);
  })
  .openapi(
    patchDetail,
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const auth = authOf(c);
      const scope = await callerScope(c);
      const loaded = await loadStation(db, scope, id);
      if (!loaded) return stationNotFound(c, id);
      if (body.ownerId !== undefined && body.ownerId !== null && !scope.includes(body.ownerId)) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'ownerNotInScope', { field: 'ownerId' });
      }
      const before = toDetail(loaded);
      const merged = { ...before, ...body };
      const problems = stationProblems(merged);
      const first = problems[0];
      if (first) {
        const lang = requestLanguage(c);
        return apiError(c, 400, 'VALIDATION_FAILED', first.key, {
          field: first.field,
          issues: problems.map((p) => ({ field: p.field, message: translate(lang, p.key) })),
        });
      }
      const { ownerId, ...fields } = body;
      const changes = { ...fields, ...(ownerId !== undefined ? { ownerCompanyId: ownerId } : {}) };
      const changed = Object.fromEntries(
        Object.entries(body).filter(([k, v]) => before[k as keyof typeof before] !== v),
      ) as Partial<typeof body>;
      if (Object.keys(changed).length === 0) return c.json(before, 200);
      await db.batch([
        db
          .update(stations)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(stations.id, id)),
        auditInsert(db, {
          action: 'station.update',
          actorUserId: auth.user.id,
          companyId: loaded.s.companyId,
          entity: 'station',
          entityId: id,
          detail: {
            before: Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof typeof before]])),
            after: changed,
          },
          ip: clientIp(c),
        }),
      ]);
      const after = await loadStation(db, scope, id);
      if (!after) return stationNotFound(c, id);
      return c.json(toDetail(after), 200);
    },
    keyedValidation,
  );
