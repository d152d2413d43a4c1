/** @module Reads of the tariffs API that check what a tariff refers to. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../../drizzle/db';
import { companyAncestorIds, companyScopeIds } from '../../../../../drizzle/queries/companies';
import { customerGroups } from '../../../../../drizzle/schema';

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
