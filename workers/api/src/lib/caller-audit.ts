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

/** A change made through an API key names the key (`detail.apiKeyId`); the actor is the key's creator. */
export function callerAudit(c: Context<AppEnv>, entry: CallerAuditEntry): AuditEntry {
  const { user, company, apiKey } = authOf(c);
  const detail = apiKey ? { ...entry.detail, apiKeyId: apiKey.id } : entry.detail;
  return { ...entry, ...(detail ? { detail } : {}), actorUserId: user.id, companyId: company.id, ip: clientIp(c) };
}
