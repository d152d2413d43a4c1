/**
 * @module A closed company takes no new users or stations (ADR 050): the 409 the user wizard, the user
 * import and move, the back-office staff creation, station onboarding, import and move answer.
 */
import type { AppEnv } from '@api/env';
import { authOf } from '@api/middleware/permission';
import type { Context } from 'hono';
import { companyIsClosed } from './closed-company.store';
import { apiError } from './errors';

/**
 * The 409 when `companyId` is closed, else null. The caller's selected company is read from the
 * session (no query); another one (already checked to be in the scope) from the database.
 */
export async function closedCompanyRefusal(c: Context<AppEnv>, companyId: number, field?: string) {
  const selected = authOf(c).company;
  const closed = companyId === selected.id ? selected.isClosed : await companyIsClosed(c.get('db'), companyId);
  return closed ? apiError(c, 409, 'COMPANY_CLOSED', 'companyClosed', field ? { field } : {}) : null;
}
