/**
 * @module Private users (spec 7.8 users/private, service settings 52-56): users of the scope who
 * charge privately (only-private or home permission) and, as the company's settings allow, their
 * sessions: 53 private (private and home stations), 54 private and other non-public (work too),
 * 55 all. 56 hides the e-mail on sessions in progress (GDPR).
 */

import { chargingSessions, stations, users } from '@db/schema';
import { SERVICE } from '@domain/permissions/service-settings';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { defineRoute, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { hidesDeleted } from './users.read';

const SCOPES = ['none', 'private', 'private_and_other', 'all'] as const;
const ListBody = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  page: z.number().int().min(0).default(0),
  items_per_page: z.number().int().min(1).max(100).default(20),
});
const PrivateUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  only_private: z.boolean(),
  can_charge_home: z.boolean(),
  session_count: z.number(),
  status: z.enum(['charging', 'idle']),
});
const PrivateSession = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  /** Null when hidden by service setting 56 (a session in progress). */
  email: z.string().nullable(),
  email_hidden: z.boolean(),
  station_name: z.string().nullable(),
  station_type: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  energy_kwh: z.number().nullable(),
  status: z.string(),
});

export const privateList = defineRoute('fleet:private-users', {
  method: 'post',
  path: '/users/private',
  tags: ['Fleet users'],
  summary:
    'Private users of the scope and, per service settings 53-55, their latest sessions (56 hides e-mails on active ones)',
  request: { body: jsonBody(ListBody) },
  responses: {
    200: json(
      z.object({
        data: z.array(PrivateUser),
        total: z.number(),
        page: z.number(),
        items_per_page: z.number(),
        session_scope: z.enum(SCOPES),
        sessions: z.array(PrivateSession),
      }),
    ),
  },
});

/** Which sessions the company may see: the widest of settings 55, 54, 53. */
export function sessionScope(services: readonly number[]): (typeof SCOPES)[number] {
  if (services.includes(SERVICE.PRIVATE_USERS_ALL_SESSIONS)) return 'all';
  if (services.includes(SERVICE.PRIVATE_USERS_PRIVATE_AND_OTHER_SESSIONS)) return 'private_and_other';
  if (services.includes(SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS)) return 'private';
  return 'none';
}

const uid = sql.raw('"users"."id"');

export const privateRoutes = new OpenAPIHono<AppEnv>().openapi(privateList, async (c) => {
  const f = c.req.valid('json');
  const db = c.get('db');
  const scope = await callerScope(c);
  const services = authOf(c).access.services;
  const conditions: (SQL | undefined)[] = [
    inArray(users.companyId, scope),
    or(eq(users.onlyPrivate, true), eq(users.canChargeHome, true)),
  ];
  if (hidesDeleted(c)) conditions.push(eq(users.status, 'active'));
  if (f.keyword) {
    const k = f.keyword.toLowerCase();
    conditions.push(
      sql`(instr(lower(${users.email}), ${k}) > 0 OR instr(lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ${k}) > 0)`,
    );
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select({
        user: users,
        sessions: sql<number>`(SELECT count(*) FROM charging_sessions s WHERE s.user_id = ${uid})`,
        charging: sql<number>`EXISTS (SELECT 1 FROM charging_sessions s WHERE s.user_id = ${uid} AND s.status = 'in_progress')`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(users).where(where).get(),
  ]);
  const sScope = sessionScope(services);
  const ids = rows.map((r) => r.user.id);
  const types =
    sScope === 'private' ? ['private', 'home'] : sScope === 'private_and_other' ? ['private', 'home', 'work'] : null;
  const sessionRows =
    sScope === 'none' || ids.length === 0
      ? []
      : await db
          .select({ s: chargingSessions, type: stations.type })
          .from(chargingSessions)
          .innerJoin(stations, eq(stations.id, chargingSessions.stationId))
          .where(
            and(
              inArray(chargingSessions.userId, ids),
              types ? inArray(stations.type, types as ('private' | 'home' | 'work')[]) : undefined,
            ),
          )
          .orderBy(desc(chargingSessions.startAt))
          .limit(50);
  const hideActive = services.includes(SERVICE.PRIVATE_EMAIL_ON_ACTIVE_SESSIONS);
  const emailOf = new Map(rows.map((r) => [r.user.id, r.user.email]));
  return c.json(
    {
      data: rows.map((r) => ({
        id: r.user.id,
        email: r.user.email,
        first_name: r.user.firstName,
        last_name: r.user.lastName,
        only_private: r.user.onlyPrivate,
        can_charge_home: r.user.canChargeHome,
        session_count: Number(r.sessions),
        status: r.charging ? ('charging' as const) : ('idle' as const),
      })),
      total: total?.n ?? 0,
      page: f.page,
      items_per_page: f.items_per_page,
      session_scope: sScope,
      sessions: sessionRows.map(({ s, type }) => {
        const hidden = hideActive && s.status === 'in_progress';
        return {
          id: s.id,
          user_id: s.userId,
          email: hidden ? null : (s.userEmail ?? (s.userId ? (emailOf.get(s.userId) ?? null) : null)),
          email_hidden: hidden,
          station_name: s.stationName,
          station_type: type,
          start: s.startAt.toISOString(),
          end: s.endAt?.toISOString() ?? null,
          energy_kwh: s.energyWh === null ? null : s.energyWh / 1000,
          status: s.status,
        };
      }),
    },
    200,
  );
});
