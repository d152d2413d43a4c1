/**
 * @module Subscription contracts (spec 2 7.8, service setting 31): the catalog of the caller's scope,
 * a user's contracts, buying and the autorenew switch, and the holders list of
 * /fleet/users/subscriptions. Paying needs the card payment provider (billing issue, not built):
 * a paid contract is answered "not yet available"; a free contract (price 0) is assigned for real.
 * The spec makes buy and autorenew GET calls; they change state, so they are POST here (issue 24),
 * and a request a browser marks cross-site or same-site is still refused (ADR 024 and its addendum).
 */

import { inCompanies } from '@db/queries/companies';
import { subscriptionContracts, userSubscriptionContracts, users } from '@db/schema';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { defineRoute, errorResponse as error, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { foundUser } from '../users/users.write';

const VIEW = 'fleet:subscriptions';
const MANAGE = 'fleet:subscriptions:manage';
const tags = ['Subscription contracts'];

const Contract = z
  .object({
    id: z.number(),
    company_id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    price_minor: z.number(),
    currency: z.string(),
    duration_months: z.number(),
    free: z.boolean(),
  })
  .openapi('SubscriptionContract');

const UserContract = z
  .object({
    id: z.number(),
    user_id: z.number(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    contract_id: z.number(),
    contract_name: z.string(),
    price_minor: z.number(),
    currency: z.string(),
    /** `active` past its end date reads `expired`. */
    status: z.enum(['active', 'expired', 'cancelled']),
    starts_at: z.string(),
    expires_at: z.string(),
    autorenew: z.boolean(),
  })
  .openapi('UserSubscriptionContract');

const UserIdParams = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'userId', in: 'path' } }),
});
const BuyParams = UserIdParams.extend({
  contractId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'contractId', in: 'path' } }),
});
const AutorenewParams = BuyParams.extend({
  autorenewNextTime: z
    .enum(['true', 'false', '1', '0'])
    .openapi({ param: { name: 'autorenewNextTime', in: 'path' }, description: 'Renew at the end of the term' }),
});
const HoldersQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  contract_id: z.coerce.number().int().positive().optional(),
  status: z.enum(['active', 'expired', 'cancelled']).optional(),
  autorenew: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(0).default(0),
  items_per_page: z.coerce.number().int().min(1).max(100).default(20),
});

const notFound = error('User or contract not found (or outside the scope)');

const catalog = defineRoute(VIEW, {
  method: 'get',
  path: '/subscription-contracts',
  tags,
  summary: 'Active contracts offered by the companies of the scope',
  responses: { 200: json(z.object({ data: z.array(Contract) })) },
});

const holders = defineRoute(VIEW, {
  method: 'get',
  path: '/subscription-contracts/holders',
  tags,
  summary: "Users' contracts in the scope, newest first, with filters; page is 0-based",
  request: { query: HoldersQuery },
  responses: {
    200: json(
      z.object({ data: z.array(UserContract), total: z.number(), page: z.number(), items_per_page: z.number() }),
    ),
  },
});

const ofUser = defineRoute(VIEW, {
  method: 'get',
  path: '/users/{userId}/subscription-contracts',
  tags,
  summary: "A user's contracts, newest first",
  request: { params: UserIdParams },
  responses: { 200: json(z.object({ data: z.array(UserContract) })), 404: notFound },
});

const buy = defineRoute(MANAGE, {
  method: 'post',
  path: '/users/{userId}/subscription-contracts/{contractId}/buy',
  tags,
  summary:
    'Buy a contract for the user. A free contract is activated at once (irreversible); a paid one needs the card payment provider and is answered 501 (not yet available)',
  request: { params: BuyParams },
  responses: {
    201: json(UserContract, 'Activated'),
    404: notFound,
    409: error('The user already has an active contract of this kind, or is deleted'),
    501: error('Paid contracts need the card payment provider: not yet available'),
  },
});

const autorenew = defineRoute(MANAGE, {
  method: 'post',
  path: '/users/{userId}/subscription-contracts/{contractId}/autorenew/{autorenewNextTime}',
  tags,
  summary: "Switch renewal at the end of the term of the user's active contract of this kind",
  request: { params: AutorenewParams },
  responses: { 200: json(UserContract), 404: notFound },
});

type Ctx = Context<AppEnv>;

/** A request another site made a browser send (a form post from a sibling host) must not change anything. */
function crossSite(c: Ctx): boolean {
  const site = c.req.header('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

const contractView = (r: typeof subscriptionContracts.$inferSelect) => ({
  id: r.id,
  company_id: r.companyId,
  name: r.name,
  description: r.description,
  price_minor: r.priceMinor,
  currency: r.currency,
  duration_months: r.durationMonths,
  free: r.priceMinor === 0,
});

const holderColumns = {
  id: userSubscriptionContracts.id,
  user_id: userSubscriptionContracts.userId,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  contract_id: userSubscriptionContracts.contractId,
  contract_name: subscriptionContracts.name,
  price_minor: subscriptionContracts.priceMinor,
  currency: subscriptionContracts.currency,
  status: userSubscriptionContracts.status,
  starts_at: userSubscriptionContracts.startsAt,
  expires_at: userSubscriptionContracts.expiresAt,
  autorenew: userSubscriptionContracts.autorenew,
};
interface HolderRow {
  id: number;
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  contract_id: number;
  contract_name: string;
  price_minor: number;
  currency: string;
  status: 'active' | 'expired' | 'cancelled';
  starts_at: Date;
  expires_at: Date;
  autorenew: boolean;
}

function holderView(r: HolderRow, now = Date.now()) {
  const lapsed = r.status === 'active' && r.expires_at.getTime() <= now;
  return {
    ...r,
    status: lapsed ? ('expired' as const) : r.status,
    starts_at: r.starts_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
  };
}

const holderQuery = (c: Ctx) =>
  c
    .get('db')
    .select(holderColumns)
    .from(userSubscriptionContracts)
    .innerJoin(users, eq(users.id, userSubscriptionContracts.userId))
    .innerJoin(subscriptionContracts, eq(subscriptionContracts.id, userSubscriptionContracts.contractId));

/** The term's end: `months` calendar months after `from` (clamped to the month's last day). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

async function scopedContract(c: Ctx, contractId: number) {
  return c
    .get('db')
    .select()
    .from(subscriptionContracts)
    .where(
      and(eq(subscriptionContracts.id, contractId), inCompanies(subscriptionContracts.companyId, await callerScope(c))),
    )
    .get();
}

function audit(c: Ctx, action: string, userId: number, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return auditInsert(c.get('db'), {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity: 'user',
    entityId: userId,
    detail,
    ip: clientIp(c),
  });
}

const activeOf = (userId: number, contractId: number) =>
  and(
    eq(userSubscriptionContracts.userId, userId),
    eq(userSubscriptionContracts.contractId, contractId),
    eq(userSubscriptionContracts.status, 'active'),
    sql`${userSubscriptionContracts.expiresAt} > ${Date.now()}`,
  );

export const subscriptionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(catalog, async (c) => {
    const rows = await c
      .get('db')
      .select()
      .from(subscriptionContracts)
      .where(
        and(eq(subscriptionContracts.active, true), inCompanies(subscriptionContracts.companyId, await callerScope(c))),
      )
      .orderBy(subscriptionContracts.priceMinor, subscriptionContracts.name);
    return c.json({ data: rows.map(contractView) }, 200);
  })
  .openapi(holders, async (c) => {
    const q = c.req.valid('query');
    const now = Date.now();
    const conditions: (SQL | undefined)[] = [inCompanies(users.companyId, await callerScope(c))];
    if (q.keyword) {
      const kw = `%${q.keyword}%`;
      conditions.push(or(like(users.email, kw), like(users.firstName, kw), like(users.lastName, kw)));
    }
    if (q.contract_id) conditions.push(eq(userSubscriptionContracts.contractId, q.contract_id));
    if (q.status === 'active')
      conditions.push(
        and(eq(userSubscriptionContracts.status, 'active'), sql`${userSubscriptionContracts.expiresAt} > ${now}`),
      );
    if (q.status === 'expired')
      conditions.push(
        or(
          eq(userSubscriptionContracts.status, 'expired'),
          and(eq(userSubscriptionContracts.status, 'active'), sql`${userSubscriptionContracts.expiresAt} <= ${now}`),
        ),
      );
    if (q.status === 'cancelled') conditions.push(eq(userSubscriptionContracts.status, 'cancelled'));
    if (q.autorenew) conditions.push(eq(userSubscriptionContracts.autorenew, q.autorenew === 'true'));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      holderQuery(c)
        .where(where)
        .orderBy(desc(userSubscriptionContracts.startsAt), desc(userSubscriptionContracts.id))
        .limit(q.items_per_page)
        .offset(q.page * q.items_per_page),
      c
        .get('db')
        .select({ n: count() })
        .from(userSubscriptionContracts)
        .innerJoin(users, eq(users.id, userSubscriptionContracts.userId))
        .where(where),
    ]);
    return c.json(
      {
        data: rows.map((r) => holderView(r, now)),
        total: total?.n ?? 0,
        page: q.page,
        items_per_page: q.items_per_page,
      },
      200,
    );
  })
  .openapi(ofUser, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    const rows = await holderQuery(c)
      .where(eq(userSubscriptionContracts.userId, found.user.id))
      .orderBy(desc(userSubscriptionContracts.startsAt), desc(userSubscriptionContracts.id));
    return c.json({ data: rows.map((r) => holderView(r)) }, 200);
  })
  .openapi(buy, async (c) => {
    if (crossSite(c)) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    const { userId, contractId } = c.req.valid('param');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    if (found.user.status === 'deleted') return apiError(c, 409, 'USER_DELETED', 'userDeleted');
    const contract = await scopedContract(c, contractId);
    if (!contract?.active) return apiError(c, 404, 'CONTRACT_NOT_FOUND', 'contractNotFound');
    const db = c.get('db');
    const held = await db
      .select({ id: userSubscriptionContracts.id })
      .from(userSubscriptionContracts)
      .where(activeOf(userId, contractId))
      .get();
    if (held) return apiError(c, 409, 'CONTRACT_ALREADY_ACTIVE', 'contractAlreadyActive');
    if (contract.priceMinor > 0) return apiError(c, 501, 'NOT_AVAILABLE', 'contractPaymentUnavailable');
    const now = new Date();
    // A lapsed "active" row of the same kind is closed first: the unique index allows one active row.
    const [, inserted] = await db.batch([
      db
        .update(userSubscriptionContracts)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(userSubscriptionContracts.userId, userId),
            eq(userSubscriptionContracts.contractId, contractId),
            eq(userSubscriptionContracts.status, 'active'),
          ),
        ),
      db
        .insert(userSubscriptionContracts)
        .values({ userId, contractId, startsAt: now, expiresAt: addMonths(now, contract.durationMonths) })
        .returning({ id: userSubscriptionContracts.id }),
      audit(c, 'subscription.activate', userId, { contractId, priceMinor: 0 }),
    ]);
    const id = inserted[0]?.id ?? 0;
    const row = await holderQuery(c).where(eq(userSubscriptionContracts.id, id)).get();
    if (!row) throw new Error('activated contract not found');
    return c.json(holderView(row), 201);
  })
  .openapi(autorenew, async (c) => {
    if (crossSite(c)) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    const { userId, contractId, autorenewNextTime } = c.req.valid('param');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    const db = c.get('db');
    const held = await db
      .select({ id: userSubscriptionContracts.id })
      .from(userSubscriptionContracts)
      .where(activeOf(userId, contractId))
      .get();
    if (!held) return apiError(c, 404, 'CONTRACT_NOT_HELD', 'contractNotHeld');
    const on = autorenewNextTime === 'true' || autorenewNextTime === '1';
    await db.batch([
      db
        .update(userSubscriptionContracts)
        .set({ autorenew: on, updatedAt: new Date() })
        .where(eq(userSubscriptionContracts.id, held.id)),
      audit(c, 'subscription.autorenew', userId, { contractId, autorenew: on }),
    ]);
    const row = await holderQuery(c).where(eq(userSubscriptionContracts.id, held.id)).get();
    if (!row) throw new Error('contract vanished');
    return c.json(holderView(row), 200);
  });
