/**
 * @module `GET /api/customer-services/logs` (spec 7.16): the commands sent to charge points of the
 * company tree, newest first, with who sent them, what the charge point answered, filters and pages.
 */

import { inCompanies } from '@db/queries/companies';
import { connectors, customerServiceLogs, stations, users } from '@db/schema';
import { z } from '@hono/zod-openapi';
import { and, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { defineRoute, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';

export const LogEntry = z
  .object({
    id: z.number(),
    connector_id: z.number().nullable(),
    connector_evseid: z.string().nullable(),
    station_uid: z.string().nullable(),
    created_at: z.string(),
    action: z.string(),
    result: z.enum(['success', 'failed']),
    error_message: z.string().nullable(),
    user_email: z.string().nullable(),
    /** What was sent (the OCPP payload). */
    request: z.record(z.string(), z.any()).nullable(),
    /** The charge point's own answer status (Accepted, Rejected, Unlocked, Scheduled…) when it answered. */
    reply_status: z.string().nullable(),
  })
  .openapi('CustomerServiceLogEntry');

export const LogQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  items_per_page: z.coerce.number().int().min(1).max(200).default(25),
  /** EVSE id, station uid or the sender's e-mail, anywhere in the text. */
  keyword: z.string().trim().max(100).optional(),
  action: z.string().trim().min(1).max(60).optional(),
  result: z.enum(['success', 'failed']).optional(),
  connector_id: z.coerce.number().int().positive().optional(),
  /** UTC dates (YYYY-MM-DD), both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const logsRoute = defineRoute('connectors:logs', {
  method: 'get',
  path: '/customer-services/logs',
  tags: ['Maintenance'],
  summary:
    'Commands sent to charge points of the company tree, newest first: filters (keyword, action, result, connector, from/to UTC dates) applied only when given; pages from 0',
  request: { query: LogQuery },
  responses: {
    200: json(
      z
        .object({
          data: z.array(LogEntry),
          total: z.number(),
          page: z.number(),
          items_per_page: z.number(),
          /** The actions found in the tree's log, for the filter. */
          actions: z.array(z.string()),
        })
        .openapi('CustomerServiceLogPage'),
    ),
  },
});

const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function parseDetail(text: string | null): { request: Record<string, unknown> | null; replyStatus: string | null } {
  if (!text) return { request: null, replyStatus: null };
  try {
    const detail = JSON.parse(text) as {
      request?: Record<string, unknown>;
      outcome?: { status?: string; reply?: { status?: unknown } | null };
    };
    const replyStatus =
      detail.outcome?.status === 'accepted' ? String(detail.outcome.reply?.status ?? 'Accepted') : null;
    return { request: detail.request ?? null, replyStatus };
  } catch {
    return { request: null, replyStatus: null };
  }
}

export async function listServiceLogs(c: Context<AppEnv>, q: z.output<typeof LogQuery>) {
  const db = c.get('db');
  const scope = await callerScope(c);
  const inScope = or(inCompanies(customerServiceLogs.companyId, scope), inCompanies(stations.ownerCompanyId, scope));
  const where: (SQL | undefined)[] = [inScope];
  if (q.keyword) {
    const p = contains(q.keyword);
    where.push(or(like(customerServiceLogs.connectorEvseId, p), like(stations.uid, p), like(users.email, p)));
  }
  if (q.action) where.push(eq(customerServiceLogs.action, q.action));
  if (q.result) where.push(eq(customerServiceLogs.result, q.result));
  if (q.connector_id) where.push(eq(customerServiceLogs.connectorId, q.connector_id));
  if (q.from) where.push(gte(customerServiceLogs.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(customerServiceLogs.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)));
  const condition = and(...where);
  const base = () =>
    db
      .select({ log: customerServiceLogs, stationUid: stations.uid, email: users.email })
      .from(customerServiceLogs)
      .leftJoin(stations, eq(stations.id, customerServiceLogs.stationId))
      .leftJoin(users, eq(users.id, customerServiceLogs.userId))
      .leftJoin(connectors, eq(connectors.id, customerServiceLogs.connectorId));
  const [rows, [total], actions] = await Promise.all([
    base()
      .where(condition)
      .orderBy(desc(customerServiceLogs.createdAt), desc(customerServiceLogs.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db
      .select({ n: count() })
      .from(customerServiceLogs)
      .leftJoin(stations, eq(stations.id, customerServiceLogs.stationId))
      .leftJoin(users, eq(users.id, customerServiceLogs.userId))
      .where(condition),
    db
      .selectDistinct({ action: customerServiceLogs.action })
      .from(customerServiceLogs)
      .leftJoin(stations, eq(stations.id, customerServiceLogs.stationId))
      .where(inScope)
      .orderBy(customerServiceLogs.action),
  ]);
  return {
    data: rows.map(({ log, stationUid, email }) => {
      const detail = parseDetail(log.detailJson);
      return {
        id: log.id,
        connector_id: log.connectorId,
        connector_evseid: log.connectorEvseId,
        station_uid: stationUid,
        created_at: log.createdAt.toISOString(),
        action: log.action,
        result: log.result,
        error_message: log.errorMessage,
        user_email: email,
        request: detail.request,
        reply_status: detail.replyStatus,
      };
    }),
    total: total?.n ?? 0,
    page: q.page,
    items_per_page: q.items_per_page,
    actions: actions.map((a) => a.action),
  };
}
