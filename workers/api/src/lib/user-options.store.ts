/**
 * @module The user pickers' one query: active users of the caller's scope matching a condition, as
 * options (id, e-mail, names), by e-mail, 20 at most. Each picker says what its keyword matches.
 */
import type { Db } from '@db/db';
import { users } from '@db/schema';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';

export function activeUserOptions(db: Db, scope: number[], match: SQL | undefined) {
  return db
    .select({ id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(and(inArray(users.companyId, scope), eq(users.status, 'active'), match))
    .orderBy(asc(users.email))
    .limit(20);
}
