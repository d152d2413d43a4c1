/**
 * @module The audit row of a change the caller made: actor, selected company and IP come from the
 * request. It is data: the resource's store writes it in one batch with the change it records.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { authOf } from '../middleware/permission';
import type { AuditEntry } from './audit.store';
import { clientIp } from './session-cookie';

export interface CallerAuditEntry {
  action: string;
  entity: string;
  /** Left out when the store learns it from the insert it records. */
  entityId?: number;
  detail?: Record<string, unknown>;
}

export function callerAudit(c: Context<AppEnv>, entry: CallerAuditEntry): AuditEntry {
  const { user, company } = authOf(c);
  return { ...entry, actorUserId: user.id, companyId: company.id, ip: clientIp(c) };
}
