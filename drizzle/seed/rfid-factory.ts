/** @module RFID (key hanger) factory for the demo seed and the tests, beside `factories.ts`. */
import type { Db } from '../db';
import { rfids } from '../schema';

type RfidInput = Partial<typeof rfids.$inferInsert> & { companyId: number; uuid: string };

/** UUIDs are stored upper-case, as the API and the authorization lookup expect. */
export async function createRfid(db: Db, input: RfidInput) {
  const uuid = input.uuid.toUpperCase();
  const [row] = await db
    .insert(rfids)
    .values({ keyHangerCode: `KH-${uuid.slice(-8)}`, ...input, uuid })
    .returning();
  if (!row) throw new Error('rfid insert returned nothing');
  return row;
}
