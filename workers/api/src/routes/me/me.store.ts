/** @module The caller's own writes: the selected company (session and user together) and preferences. */
import type { Db } from '@db/db';
import { authSessions, users } from '@db/schema';
import { eq } from 'drizzle-orm';

/** The session works in the company from now on, and the next login starts there. */
export async function selectCompany(db: Db, sessionId: string, userId: number, companyId: number) {
  await db.batch([
    db.update(authSessions).set({ selectedCompanyId: companyId }).where(eq(authSessions.id, sessionId)),
    db.update(users).set({ selectedCompanyId: companyId }).where(eq(users.id, userId)),
  ]);
}

export async function setPreferences(
  db: Db,
  userId: number,
  values: Pick<typeof users.$inferInsert, 'language' | 'theme'>,
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}
