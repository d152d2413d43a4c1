/** @module The customer group members router: every read limited to a group of the caller's tree. */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { joinableCompanies } from '@domain/customer-groups/rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { linkedCompanyIds, scopedGroup } from '../groups/groups.store';
import * as r from './members.routes';
import { toMember, toMemberDetail } from './members.schemas';
import { joinCandidates, memberOf, memberPage, memberSessions } from './members.store';

type Ctx = Context<AppEnv>;

const notFound = (c: Ctx) => apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');

const groupOf = async (c: Ctx, id: number) => scopedGroup(c.get('db'), await callerScope(c), id);

export const customerGroupMemberRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.search, async (c) => {
    const { customer_group_id, keyword, limit } = c.req.valid('json');
    const g = await groupOf(c, customer_group_id);
    if (!g) return notFound(c);
    const db = c.get('db');
    // Who may join: users of the caller's tree or of a company linked to the group (as PUT checks).
    const allowed = joinableCompanies(await callerScope(c), await linkedCompanyIds(db, g.id));
    return c.json({ data: await joinCandidates(db, allowed, keyword, limit) }, 200);
  })
  .openapi(r.members, async (c) => {
    const g = await groupOf(c, c.req.valid('param').id);
    if (!g) return notFound(c);
    const q = c.req.valid('json');
    const { rows, total } = await memberPage(c.get('db'), g, q);
    return c.json(
      { data: rows.map((m) => toMember(g, m)), total, page: q.page, items_per_page: q.items_per_page },
      200,
    );
  })
  .openapi(r.member, async (c) => {
    const { id, userId } = c.req.valid('param');
    const g = await groupOf(c, id);
    if (!g) return notFound(c);
    const m = await memberOf(c.get('db'), g, userId);
    if (!m) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    const { sessions, totals } = await memberSessions(c.env.DB, g, userId);
    return c.json({ data: toMemberDetail(g, m, totals, sessions) }, 200);
  });
