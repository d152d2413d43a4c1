/** @module Handlers of the customer group members and overview routes: every read limited to a group of the caller's tree. */

import { customerGroupCompanies, customerGroupMembers, users } from '@db/schema';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import * as r from './customer-groups.members.routes';
import { groupOverview } from './customer-groups.overview';
import { type GroupRow, scopedGroup } from './customer-groups.scope';

type MemberRow = {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyId: number;
  status: string;
  addedAt: Date;
};

const memberColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyId: users.companyId,
  status: users.status,
  addedAt: customerGroupMembers.addedAt,
};

/** A member as the group's user privacy allows: identity fields are withheld when it is on. */
function shapeMember(g: GroupRow, m: MemberRow) {
  const hide = g.userPrivacy;
  return {
    user_id: m.userId,
    private: hide,
    email: hide ? null : m.email,
    first_name: hide ? null : m.firstName,
    last_name: hide ? null : m.lastName,
    company_id: m.companyId,
    status: m.status,
    added_at: m.addedAt.toISOString(),
  };
}

/** E-mail, first or last name contains the keyword (case-insensitive). */
function identityContains(keyword: string): SQL {
  const k = keyword.toLowerCase();
  return sql`(instr(lower(${users.email}), ${k}) > 0 OR instr(lower(coalesce(${users.firstName}, '')), ${k}) > 0 OR instr(lower(coalesce(${users.lastName}, '')), ${k}) > 0)`;
}

/** The keyword filter of the member list; under user privacy only the user id can be searched. */
function keywordOf(g: GroupRow, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  if (g.userPrivacy) {
    const id = Number(keyword);
    return eq(users.id, Number.isInteger(id) && id > 0 ? id : 0);
  }
  return identityContains(keyword);
}

const notFound = (c: Parameters<typeof apiError>[0]) =>
  apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');

type SessionRow = {
  id: number;
  cdr_start: number;
  cdr_end: number | null;
  station_name: string | null;
  status: string;
  energy_wh: number | null;
  amount_incl_vat: number | null;
  pricing_status: string;
};
type TotalsRow = {
  n: number;
  energy: number | null;
  incl: number | null;
  excl: number | null;
  unpriced: number | null;
};

export const customerGroupMemberRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.overview, async (c) => {
    const { id } = c.req.valid('param');
    const { year, userGroupId } = c.req.valid('query');
    if (userGroupId !== undefined && userGroupId !== id)
      return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'userGroupId' });
    const g = await scopedGroup(c, id);
    if (!g) return notFound(c);
    const [months, members] = await Promise.all([
      groupOverview(c.env.DB, g.id, year),
      c
        .get('db')
        .select({ n: count() })
        .from(customerGroupMembers)
        .where(eq(customerGroupMembers.customerGroupId, g.id))
        .get(),
    ]);
    const currency = authOf(c).company.currency ?? 'EUR';
    return c.json({ data: { year, members: members?.n ?? 0, currency, months } }, 200);
  })
  .openapi(r.members, async (c) => {
    const g = await scopedGroup(c, c.req.valid('param').id);
    if (!g) return notFound(c);
    const { keyword, page, items_per_page } = c.req.valid('json');
    const where = and(eq(customerGroupMembers.customerGroupId, g.id), keywordOf(g, keyword));
    const db = c.get('db');
    const [rows, total] = await Promise.all([
      db
        .select(memberColumns)
        .from(customerGroupMembers)
        .innerJoin(users, eq(users.id, customerGroupMembers.userId))
        .where(where)
        .orderBy(g.userPrivacy ? asc(users.id) : asc(users.email))
        .limit(items_per_page)
        .offset(page * items_per_page),
      db
        .select({ n: count() })
        .from(customerGroupMembers)
        .innerJoin(users, eq(users.id, customerGroupMembers.userId))
        .where(where)
        .get(),
    ]);
    return c.json({ data: rows.map((m) => shapeMember(g, m)), total: total?.n ?? 0, page, items_per_page }, 200);
  })
  .openapi(r.search, async (c) => {
    const { customer_group_id, keyword, limit } = c.req.valid('json');
    const g = await scopedGroup(c, customer_group_id);
    if (!g) return notFound(c);
    const db = c.get('db');
    // Who may join: users of the caller's tree or of a company linked to the group (as PUT checks).
    const links = await db
      .select({ id: customerGroupCompanies.companyId })
      .from(customerGroupCompanies)
      .where(eq(customerGroupCompanies.customerGroupId, g.id));
    const allowed = [...new Set([...(await callerScope(c)), ...links.map((l) => l.id)])];
    const rows = await db
      .select({
        user_id: users.id,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
        customer_group_id: customerGroupMembers.customerGroupId,
      })
      .from(users)
      .leftJoin(customerGroupMembers, eq(customerGroupMembers.userId, users.id))
      .where(and(inArray(users.companyId, allowed), eq(users.status, 'active'), identityContains(keyword)))
      .orderBy(asc(users.email))
      .limit(limit);
    return c.json({ data: rows }, 200);
  })
  .openapi(r.member, async (c) => {
    const { id, userId } = c.req.valid('param');
    const g = await scopedGroup(c, id);
    if (!g) return notFound(c);
    const m = await c
      .get('db')
      .select({ ...memberColumns, telephone: users.telephone })
      .from(customerGroupMembers)
      .innerJoin(users, eq(users.id, customerGroupMembers.userId))
      .where(and(eq(customerGroupMembers.customerGroupId, g.id), eq(customerGroupMembers.userId, userId)))
      .get();
    if (!m) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    const d1 = c.env.DB;
    const [sessions, totals] = await d1.batch<SessionRow | TotalsRow>([
      d1
        .prepare(
          `SELECT s.id, s.cdr_start, s.cdr_end, s.station_name, s.status, s.cdr_consumed_energy AS energy_wh,
             CASE WHEN s.pricing_status = 'priced' THEN s.emp_price_total END AS amount_incl_vat, s.pricing_status
           FROM charging_sessions s WHERE s.customer_group_id = ? AND s.user_id = ?
           ORDER BY s.cdr_start DESC, s.id DESC LIMIT 50`,
        )
        .bind(g.id, userId),
      d1
        .prepare(
          `SELECT count(*) AS n, sum(s.cdr_consumed_energy) AS energy,
             sum(CASE WHEN s.pricing_status = 'priced' THEN s.emp_price_total END) AS incl,
             sum(CASE WHEN s.pricing_status = 'priced' THEN s.emp_price_net_total END) AS excl,
             sum(s.pricing_status <> 'priced') AS unpriced
           FROM charging_sessions s WHERE s.customer_group_id = ? AND s.user_id = ?`,
        )
        .bind(g.id, userId),
    ]);
    const t = totals?.results[0] as TotalsRow | undefined;
    return c.json(
      {
        data: {
          ...shapeMember(g, m),
          telephone: g.userPrivacy ? null : m.telephone,
          totals: {
            sessions: t?.n ?? 0,
            energy_wh: t?.energy ?? 0,
            amount_incl_vat: t?.incl ?? null,
            amount_excl_vat: t?.excl ?? null,
            unpriced: t?.unpriced ?? 0,
          },
          sessions: ((sessions?.results ?? []) as SessionRow[]).map((s) => ({
            ...s,
            cdr_start: new Date(s.cdr_start).toISOString(),
            cdr_end: s.cdr_end === null ? null : new Date(s.cdr_end).toISOString(),
          })),
        },
      },
      200,
    );
  });
