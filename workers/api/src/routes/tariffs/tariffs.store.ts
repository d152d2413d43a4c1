/** @module Reads of the tariffs API that check what a tariff refers to. */

import type { Db } from '@db/db';
import { companyAncestorIds, companyScopeIds } from '@db/queries/companies.store';
import { companies, customerGroups } from '@db/schema';
import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm';

/**
 * Whether a tariff of `tariffCompanyId` may be reserved to the customer group: it exists, is not
 * deleted, belongs to a company of the caller's scope, and that company is on the tariff company's
 * chain (the tariff company itself, an ancestor or a descendant), the companies whose sessions the
 * tariff can price. A group of another company is indistinguishable from one that does not exist.
 */
export async function customerGroupUsable(
  db: Db,
  groupId: number,
  tariffCompanyId: number,
  scope: readonly number[],
): Promise<boolean> {
  const group = await db
    .select({ companyId: customerGroups.companyId, deletedAt: customerGroups.deletedAt })
    .from(customerGroups)
    .where(eq(customerGroups.id, groupId))
    .get();
  if (!group || group.deletedAt !== null || !scope.includes(group.companyId)) return false;
  const [up, down] = await Promise.all([companyAncestorIds(db, tariffCompanyId), companyScopeIds(db, tariffCompanyId)]);
  return up.includes(group.companyId) || down.includes(group.companyId);
}

/** The tariff form's customer group picker: live groups of the caller's companies, 20 by name or one by id. */
export async function customerGroupChoices(
  db: Db,
  scope: readonly number[],
  q: { keyword?: string | undefined; id?: number | undefined },
) {
  const k = q.keyword ? `%${q.keyword.replace(/[%_\\]/g, '')}%` : null;
  const rows = await db
    .select({ id: customerGroups.id, name: customerGroups.name, company: companies.name })
    .from(customerGroups)
    .innerJoin(companies, eq(companies.id, customerGroups.companyId))
    .where(
      and(
        inArray(customerGroups.companyId, [...scope]),
        isNull(customerGroups.deletedAt),
        q.id ? eq(customerGroups.id, q.id) : undefined,
        k ? like(customerGroups.name, k) : undefined,
      ),
    )
    .orderBy(asc(customerGroups.name))
    .limit(20);
  return rows.map((r) => ({ id: r.id, name: r.name, detail: r.company }));
}
