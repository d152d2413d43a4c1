/**
 * @module What the connector detail and support pages add to `GET /api/connectors/{id}`: totals of
 * the connector's sessions (spec 7.18 `connectors/{id}/total-local-stats`) and its latest sessions.
 * The full, filtered session lists are the sessions area's; these are small and bounded.
 */

import { chargingSessions } from '@db/schema';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, count, desc, eq, max, min, sum } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { connectorInScope } from '../maintenance/commands';

const ById = z.object({ id: z.coerce.number().int().positive() });
const notFound = json(ErrorSchema, 'Connector id: {id} not found.');

const TotalsSchema = z
  .object({
    /** Closed sessions. */
    sessions: z.number(),
    inProgress: z.number(),
    /** Wh of closed sessions. */
    energyWh: z.number(),
    /** Minutes actually charging, of closed sessions. */
    chargingMinutes: z.number(),
    /** Seconds plugged in (start to end), of closed sessions. */
    durationS: z.number(),
    firstSessionAt: z.string().nullable(),
    lastSessionAt: z.string().nullable(),
  })
  .openapi('ConnectorTotals');

const RecentSession = z
  .object({
    id: z.number(),
    cdrId: z.string(),
    status: z.enum(['in_progress', 'closed']),
    startAt: z.string(),
    endAt: z.string().nullable(),
    energyWh: z.number().nullable(),
    durationS: z.number().nullable(),
    authId: z.string(),
    startMethod: z.string(),
    userId: z.number().nullable(),
    userEmail: z.string().nullable(),
    stopReason: z.string().nullable(),
    /** The idTagInfo status of a start the back office refused (ADR 040), else null. */
    refusedStatus: z.string().nullable(),
    /** Closed by the back office because the transaction ended without its StopTransaction (ADR 040). */
    endedWithoutStop: z.boolean(),
    remark: z.string().nullable(),
  })
  .openapi('ConnectorRecentSession');

const totals = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/{id}/total-local-stats',
  tags: ['Connectors'],
  summary: "Totals of the connector's sessions: count, energy, charging time, first and last",
  request: { params: ById },
  responses: { 200: json(TotalsSchema), 404: notFound },
});

const recent = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/{id}/recent-sessions',
  tags: ['Connectors'],
  summary: "The connector's latest sessions, newest first (at most `limit`, default 10)",
  request: { params: ById, query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }) },
  responses: { 200: json(z.object({ data: z.array(RecentSession) })), 404: notFound },
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const connectorDetailRoutes = new OpenAPIHono<AppEnv>()
  .openapi(totals, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const target = await connectorInScope(db, await callerScope(c), { id });
    if (!target) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });
    const rows = await db
      .select({
        status: chargingSessions.status,
        n: count(),
        energy: sum(chargingSessions.energyWh),
        minutes: sum(chargingSessions.chargingMinutes),
        duration: sum(chargingSessions.durationS),
        first: min(chargingSessions.startAt),
        last: max(chargingSessions.startAt),
      })
      .from(chargingSessions)
      .where(
        and(
          eq(chargingSessions.stationId, target.station.id),
          eq(chargingSessions.connectorNumber, target.connector.connectorNumber),
        ),
      )
      .groupBy(chargingSessions.status);
    const closed = rows.find((r) => r.status === 'closed');
    const open = rows.find((r) => r.status === 'in_progress');
    const firsts = rows.map((r) => r.first).filter((d): d is Date => d !== null);
    const lasts = rows.map((r) => r.last).filter((d): d is Date => d !== null);
    const earliest = firsts.length ? new Date(Math.min(...firsts.map((d) => d.getTime()))) : null;
    const latest = lasts.length ? new Date(Math.max(...lasts.map((d) => d.getTime()))) : null;
    return c.json(
      {
        sessions: closed?.n ?? 0,
        inProgress: open?.n ?? 0,
        energyWh: Number(closed?.energy ?? 0),
        chargingMinutes: Number(closed?.minutes ?? 0),
        durationS: Number(closed?.duration ?? 0),
        firstSessionAt: iso(earliest),
        lastSessionAt: iso(latest),
      },
      200,
    );
  })
  .openapi(recent, async (c) => {
    const { id } = c.req.valid('param');
    const { limit } = c.req.valid('query');
    const db = c.get('db');
    const target = await connectorInScope(db, await callerScope(c), { id });
    if (!target) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });
    const rows = await db
      .select()
      .from(chargingSessions)
      .where(
        and(
          eq(chargingSessions.stationId, target.station.id),
          eq(chargingSessions.connectorNumber, target.connector.connectorNumber),
        ),
      )
      .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
      .limit(limit);
    return c.json(
      {
        data: rows.map((s) => ({
          id: s.id,
          cdrId: s.cdrId,
          status: s.status,
          startAt: s.startAt.toISOString(),
          endAt: iso(s.endAt),
          energyWh: s.energyWh,
          durationS: s.durationS,
          authId: s.authId,
          startMethod: s.startMethod,
          userId: s.userId,
          userEmail: s.userEmail,
          stopReason: s.stopReason,
          refusedStatus: s.refusedStatus,
          endedWithoutStop: s.endedWithoutStop === 1,
          remark: s.remark,
        })),
      },
      200,
    );
  });
