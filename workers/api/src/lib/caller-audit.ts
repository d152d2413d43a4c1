/** @module The audit row of a change the caller made: actor, selected company and IP come from the request. */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { authOf } from '../middleware/permission';
import { auditInsert } from './audit';
import { clientIp } from './session-cookie';

export interface CallerAuditEntry {
  action: string;
  entity: string;
  entityId: number;
  detail: Record<string, unknown>;
}

/** The insert, to write in one `db.batch` with the change it records. */
export function callerAuditInsert(c: Context<AppEnv>, entry: CallerAuditEntry) {
  const { user, company } = authOf(c);
  return auditInsert(c.get('db'), {
    ...entry,
    actorUserId: user.id,
    companyId: company.id,
    ip: clientIp(c),
  });
}
