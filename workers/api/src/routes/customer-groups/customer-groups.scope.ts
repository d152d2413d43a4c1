/** @module The customer group of a request, if its company is in the caller's tree (else the route answers 404). */

import { customerGroups } from '@db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { callerScope } from '../../lib/scope';

export type GroupRow = typeof customerGroups.$inferSelect;

export async function scopedGroup(c: Context<AppEnv>, id: number): Promise<GroupRow | undefined> {
  const scope = await callerScope(c);
  return c
    .get('db')
    .select()
    .from(customerGroups)
    .where(and(eq(customerGroups.id, id), inArray(customerGroups.companyId, scope)))
    .get();
}
