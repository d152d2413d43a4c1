/**
 * @module What every company settings tab resource shares (ADR 036): the company of the request when it
 * is in the caller's scope (anything else answers 404, so ids outside it are not confirmed to exist),
 * and the audit row of a change to its settings, written in the tab's batch.
 */
import type { AppEnv } from '@api/env';
import type { AuditEntry } from '@api/lib/audit.store';
import { apiError } from '@api/lib/errors';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import type { Context } from 'hono';
import { type Company, scopedCompany } from './company-settings.store';

type Ctx = Context<AppEnv>;

/** The company `id` if the caller has it in scope; otherwise the 404 to answer. */
export async function companyInScope(
  c: Ctx,
  id: number,
): Promise<{ company: Company; error?: undefined } | { error: ReturnType<typeof apiError<404>> }> {
  const company = await scopedCompany(c.get('db'), authOf(c).scope, id);
  if (company) return { company };
  return { error: apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } }) };
}

/** The audit row of a change to company `companyId`'s settings. */
export const settingsAudit = (
  c: Ctx,
  companyId: number,
  action: string,
  detail: Record<string, unknown>,
): AuditEntry => ({
  action,
  actorUserId: authOf(c).user.id,
  companyId,
  entity: 'company',
  entityId: companyId,
  detail,
  ip: clientIp(c),
});
