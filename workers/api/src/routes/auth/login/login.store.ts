/** @module The account a login names, looked up by its lower-cased e-mail (any status; the handler decides). */
import type { Db } from '@db/db';
import { users } from '@db/schema';
import { eq } from 'drizzle-orm';

export function userByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}
