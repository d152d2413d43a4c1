/**
 * @module The commands we send to partners' CPOs as e-mobility provider (`ocpi_emsp_commands`, migration
 * 0064): stored before the call, completed with the partner's CommandResponse, then with the
 * CommandResult it posts to our response_url.
 */
import type { Db } from '@db/db';
import { ocpiEmspCommands } from '@db/schema';
import { count, desc, eq } from 'drizzle-orm';

export type SentCommandRow = typeof ocpiEmspCommands.$inferSelect;

export const insertSentCommand = (db: Db, values: typeof ocpiEmspCommands.$inferInsert) =>
  db.insert(ocpiEmspCommands).values(values).returning().get();

export async function updateSentCommand(db: Db, id: number, values: Partial<typeof ocpiEmspCommands.$inferInsert>) {
  return db.update(ocpiEmspCommands).set(values).where(eq(ocpiEmspCommands.id, id)).returning().get();
}

export const sentCommandByUid = (db: Db, uid: string) =>
  db.select().from(ocpiEmspCommands).where(eq(ocpiEmspCommands.uid, uid)).get();

/** One page of a peering's commands, newest first. */
export async function sentCommandsPage(db: Db, peeringId: number, page: number, size: number) {
  const where = eq(ocpiEmspCommands.peeringId, peeringId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(ocpiEmspCommands)
      .where(where)
      .orderBy(desc(ocpiEmspCommands.id))
      .limit(size)
      .offset(page * size)
      .all(),
    db.select({ n: count() }).from(ocpiEmspCommands).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}
