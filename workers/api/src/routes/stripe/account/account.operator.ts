/** @module The operator company an account call is about: the selected one, or a company of the caller's tree (else 404). */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import type { Context } from 'hono';
import { scopedCompany } from './account.store';

export async function operator(c: Context<AppEnv>, companyId: number | undefined) {
  const id = companyId ?? authOf(c).company.id;
  const company = await scopedCompany(c.get('db'), await callerScope(c), id);
  if (!company) return { error: apiError(c, 404, 'COMPANY_NOT_FOUND', 'companyNotFound') } as const;
  return { company } as const;
}
