/** @module Subscription contract reads: the catalog of the scope and the users' contracts (holders), always company-scoped. */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { subscriptionContracts, userSubscriptionContracts, users } from '@db/schema';
import type { z } from '@hono/zod-openapi';
import { and, count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { HolderRow, HoldersQuery } from './subscription-contracts.schemas';

export function activeContracts(db: Db, scope: number[]) {
  return db
    .select()
    .from(subscriptionContracts)
    .where(and(eq(subscriptionContracts.active, true), inCompanies(subscriptionContracts.companyId, scope)))
    .orderBy(subscriptionContracts.priceMinor, subscriptionContracts.name);
}

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

/** Users' contracts with the user and the contract; the caller adds the condition. */
export const holderRows = (db: Db) =>
  db
    .select(holderColumns)
    .from(userSubscriptionContracts)
    .innerJoin(users, eq(users.id, userSubscriptionContracts.userId))
    .innerJoin(subscriptionContracts, eq(subscriptionContracts.id, userSubscriptionContracts.contractId));

/** The condition of the status filter: `active` past its end date counts as `expired`. */
function statusIs(status: HolderRow['status'], now: number): SQL | undefined {
  const ended = sql`${userSubscriptionContracts.expiresAt} <= ${now}`;
  const running = sql`${userSubscriptionContracts.expiresAt} > ${now}`;
  if (status === 'active') return and(eq(userSubscriptionContracts.status, 'active'), running);
  if (status === 'expired')
    return or(
      eq(userSubscriptionContracts.status, 'expired'),
      and(eq(userSubscriptionContracts.status, 'active'), ended),
    );
  return eq(userSubscriptionContracts.status, 'cancelled');
}

/** One page of the users' contracts of the scope, newest first, and how many match. */
export async function holderPage(db: Db, scope: number[], q: z.infer<typeof HoldersQuery>, now: number) {
  const conditions: (SQL | undefined)[] = [inCompanies(users.companyId, scope)];
  if (q.keyword) {
    const kw = `%${q.keyword}%`;
    conditions.push(or(like(users.email, kw), like(users.firstName, kw), like(users.lastName, kw)));
  }
  if (q.contract_id) conditions.push(eq(userSubscriptionContracts.contractId, q.contract_id));
  if (q.status) conditions.push(statusIs(q.status, now));
  if (q.autorenew) conditions.push(eq(userSubscriptionContracts.autorenew, q.autorenew === 'true'));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    holderRows(db)
      .where(where)
      .orderBy(desc(userSubscriptionContracts.startsAt), desc(userSubscriptionContracts.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db
      .select({ n: count() })
      .from(userSubscriptionContracts)
      .innerJoin(users, eq(users.id, userSubscriptionContracts.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
