/** @module Whether a company is closed (ADR 050), for the routes that add users or stations to it. */
import type { Db } from '@db/db';
import { companies } from '@db/schema';
import { eq } from 'drizzle-orm';

/** True when the company exists and is closed. */
export async function companyIsClosed(db: Db, companyId: number): Promise<boolean> {
  const row = await db.select({ closed: companies.isClosed }).from(companies).where(eq(companies.id, companyId)).get();
  return row?.closed === true;
}
