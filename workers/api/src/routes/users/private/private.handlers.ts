/**
 * @module Private users (spec 7.8 users/private, service settings 52-56): users of the scope who
 * charge privately (only-private or home permission) and, as the company's settings allow, their
 * sessions (domain/fleet/private-sessions.ts decides which, and whose e-mail is hidden).
 */

import type { AppEnv } from '@api/env';
import { defineRoute, json, jsonBody } from '@api/lib/route';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { hidesSessionEmail, sessionScope, visibleStationTypes } from '@domain/fleet/private-sessions';
import { OpenAPIHono } from '@hono/zod-openapi';
import { hidesDeleted } from '../users.access';
import { PrivateListBody, PrivatePage } from './private.schemas';
import { latestSessions, privateUsers } from './private.store';

export const privateList = defineRoute('fleet:private-users', {
  method: 'post',
  path: '/users/private',
  tags: ['Fleet users'],
  summary:
    'Private users of the scope and, per service settings 53-55, their latest sessions (e-mails on active ones only with 56)',
  request: { body: jsonBody(PrivateListBody) },
  responses: { 200: json(PrivatePage) },
});

export const privateRoutes = new OpenAPIHono<AppEnv>().openapi(privateList, async (c) => {
  const f = c.req.valid('json');
  const db = c.get('db');
  const services = authOf(c).access.services;
  const { rows, total } = await privateUsers(db, await callerScope(c), f, hidesDeleted(c));
  const scope = sessionScope(services);
  const types = visibleStationTypes(scope);
  const ids = rows.map((r) => r.user.id);
  const sessionRows = types?.length === 0 || ids.length === 0 ? [] : await latestSessions(db, ids, types);
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
        session_count: Number(r.sessionCount),
        status: r.charging ? ('charging' as const) : ('idle' as const),
      })),
      total,
      page: f.page,
      items_per_page: f.items_per_page,
      session_scope: scope,
      sessions: sessionRows.map(({ s, type }) => {
        const hidden = hidesSessionEmail(services, s.status);
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
