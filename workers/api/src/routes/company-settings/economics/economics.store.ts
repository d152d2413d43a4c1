/** @module The economics tab's reads and writes: the company's own columns, with the audit row in one batch. */
import type { Db } from '@db/db';
import { companies } from '@db/schema';
import { eq } from 'drizzle-orm';
import { type Company, writeCompany } from '../company-settings.store';

export { writeCompany };

/** The company row again after a change (it was found in scope before). */
export async function companyAfterChange(db: Db, id: number): Promise<Company> {
  const company = await db.select().from(companies).where(eq(companies.id, id)).get();
  if (!company) throw new Error(`company ${id} vanished after its update`);
  return company;
}
