/**
 * @module The uptime API (issue 21 part 5, ADR 054): input → store (connectors in scope, their history
 * for the period, chunk by chunk) → `domain/uptime` (per connector, then station and network) → answer.
 * Literal paths (/uptime/exclusions, /uptime/settings) before the parameterised ones.
 */

import type { Db } from '@db/db';
import {
  aggregateUptime,
  byConcern,
  type ConnectorUptime,
  connectorUptime,
  UPTIME_TARGET,
} from '@domain/uptime/availability';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { connector, createExclusion, exclusions, removeExclusion, report, settings } from './uptime.routes';
import { type ConnectorRow, MAX_PERIOD_DAYS, toConnectorUptime, toExclusion, toTotals } from './uptime.schemas';
import {
  deleteExclusion,
  exclusionTarget,
  faultTicketMinutes,
  insertExclusion,
  periodHistory,
  saveFaultTicketMinutes,
  scopedConnectors,
  scopedExclusion,
  scopedExclusions,
} from './uptime.store';

type Ctx = Context<AppEnv>;
/** Connectors read per batch: the history of one chunk at a time, never the network's at once. */
const CHUNK = 100;
const DAY = 86_400_000;

/** The asked period, by default the previous calendar month (UTC); null when it is not a valid one. */
export function periodOf(q: { from?: string; to?: string }, now: Date): { from: number; to: number } | null {
  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const from = q.from ? Date.parse(q.from) : lastMonth;
  const to = q.to ? Date.parse(q.to) : q.from ? from + 30 * DAY : thisMonth;
  if (!(to > from) || to - from > MAX_PERIOD_DAYS * DAY) return null;
  return { from, to };
}

/** Each connector's figure over [from, to) (clipped at now: nothing is known of the future). */
export async function uptimeOf(db: Db, connectors: readonly ConnectorRow[], from: number, to: number, now: number) {
  const end = Math.max(from, Math.min(to, now));
  const out: { row: ConnectorRow; uptime: ConnectorUptime }[] = [];
  for (let i = 0; i < connectors.length; i += CHUNK) {
    const chunk = connectors.slice(i, i + CHUNK);
    const h = await periodHistory(db, chunk, from, end);
    for (const row of chunk) {
      const applying = h.exclusions.filter(
        (e) => e.station_id === row.station_id && (e.connector_id === null || e.connector_id === row.id),
      );
      const uptime = connectorUptime(
        {
          connectorId: row.id,
          initial: h.initial.get(row.id) ?? null,
          changes: h.changes.get(row.id) ?? [],
          exclusions: applying.map((e) => ({ from: e.starts_at, to: e.ends_at })),
          offlineSince: row.offline_since,
        },
        { from, to: end },
      );
      out.push({ row, uptime });
    }
  }
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();
const badPeriod = (c: Ctx) => apiError(c, 400, 'VALIDATION_FAILED', 'uptimePeriodInvalid', { field: 'from' });

function auditOf(c: Ctx, action: string, entityId: number | undefined, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity: 'uptime_exclusion',
    ...(entityId !== undefined ? { entityId } : {}),
    detail,
    ip: clientIp(c),
  };
}

export const uptimeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(report, async (c) => {
    const q = c.req.valid('query');
    const period = periodOf(q, new Date());
    if (!period) return badPeriod(c);
    const db = c.get('db');
    const connectors = await scopedConnectors(db, await callerScope(c), { stationId: q.station_id });
    const figures = await uptimeOf(db, connectors, period.from, period.to, Date.now());
    const rows = byConcern(figures.map((f) => ({ ...toConnectorUptime(f.row, f.uptime), connectorId: f.row.id })));
    const listed = q.under_target === 'true' ? rows.filter((r) => r.under_target) : rows;
    const start = q.page * q.items_per_page;
    return c.json(
      {
        from: iso(period.from),
        to: iso(period.to),
        target: UPTIME_TARGET,
        network: toTotals(aggregateUptime(figures.map((f) => f.uptime))),
        fault_ticket_minutes: await faultTicketMinutes(db, authOf(c).company.id),
        data: listed.slice(start, start + q.items_per_page).map(({ connectorId: _, ...r }) => r),
        total: listed.length,
        page: q.page,
        items_per_page: q.items_per_page,
      },
      200,
    );
  })
  .openapi(exclusions, async (c) => {
    const period = periodOf(c.req.valid('query'), new Date());
    if (!period) return badPeriod(c);
    const rows = await scopedExclusions(c.get('db'), await callerScope(c), period.from, period.to);
    return c.json({ data: rows.map(toExclusion) }, 200);
  })
  .openapi(createExclusion, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const startsAt = Date.parse(body.starts_at);
    const endsAt = Date.parse(body.ends_at);
    const connectorId = body.connector_id ?? null;
    const target = await exclusionTarget(db, await callerScope(c), body.station_id, connectorId);
    if (!target) return apiError(c, 404, 'NOT_FOUND', 'notFound', { field: 'station_id' });
    if (connectorId !== null && target.connector_id === null)
      return apiError(c, 404, 'NOT_FOUND', 'notFound', { field: 'connector_id' });
    if (endsAt <= startsAt) return apiError(c, 422, 'VALIDATION_FAILED', 'uptimePeriodInvalid', { field: 'ends_at' });
    // AFIR and NEVI exclude maintenance only when it was planned: entered before it begins.
    if (body.reason === 'scheduled_maintenance' && startsAt <= Date.now())
      return apiError(c, 422, 'VALIDATION_FAILED', 'uptimeMaintenanceInAdvance', { field: 'starts_at' });
    const values = {
      companyId: target.company_id,
      stationId: target.id,
      connectorId,
      reason: body.reason,
      note: body.note ?? null,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      createdByUserId: authOf(c).user.id,
    };
    const detail = {
      station_id: target.id,
      connector_id: connectorId,
      reason: body.reason,
      from: body.starts_at,
      to: body.ends_at,
    };
    const id = await insertExclusion(db, values, auditOf(c, 'uptime.exclusion.create', undefined, detail));
    const [created] = (await scopedExclusions(db, await callerScope(c), startsAt, endsAt)).filter((e) => e.id === id);
    if (!created) return apiError(c, 404, 'NOT_FOUND', 'notFound');
    return c.json(toExclusion(created), 201);
  })
  .openapi(settings, async (c) => {
    const { fault_ticket_minutes } = c.req.valid('json');
    const { company } = authOf(c);
    await saveFaultTicketMinutes(c.get('db'), company.id, fault_ticket_minutes, {
      ...auditOf(c, 'uptime.settings.update', company.id, { fault_ticket_minutes }),
      entity: 'company',
    });
    return c.json({ fault_ticket_minutes }, 200);
  })
  .openapi(removeExclusion, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const found = await scopedExclusion(db, await callerScope(c), id);
    if (!found) return apiError(c, 404, 'NOT_FOUND', 'notFound');
    await deleteExclusion(db, id, auditOf(c, 'uptime.exclusion.delete', id, {}));
    return c.json({ id }, 200);
  })
  .openapi(connector, async (c) => {
    const { connectorId } = c.req.valid('param');
    const period = periodOf(c.req.valid('query'), new Date());
    if (!period) return badPeriod(c);
    const db = c.get('db');
    const scope = await callerScope(c);
    const [row] = await scopedConnectors(db, scope, { connectorId });
    if (!row) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: connectorId } });
    const station = await scopedConnectors(db, scope, { stationId: row.station_id });
    const figures = await uptimeOf(db, station, period.from, period.to, Date.now());
    const own = figures.find((f) => f.row.id === connectorId);
    const applying = (await scopedExclusions(db, scope, period.from, period.to)).filter(
      (e) => e.station_id === row.station_id && (e.connector_id === null || e.connector_id === connectorId),
    );
    return c.json(
      {
        from: iso(period.from),
        to: iso(period.to),
        target: UPTIME_TARGET,
        connector: toConnectorUptime(
          row,
          own?.uptime ??
            connectorUptime({ connectorId, initial: null, changes: [], exclusions: [], offlineSince: null }, period),
        ),
        station: toTotals(aggregateUptime(figures.map((f) => f.uptime))),
        exclusions: applying.map(toExclusion),
      },
      200,
    );
  });
