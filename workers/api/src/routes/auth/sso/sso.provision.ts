/**
 * @module Who an SSO login is (ADR 048): the verified e-mail must fall under the company's domains;
 * an existing active user of that company logs in, a user of another company is refused, and anyone
 * new is provisioned just in time in the company with its default roles and corporate group.
 */
import type { AuditEntry } from '@api/lib/audit.store';
import { insertUser, writeCreated } from '@api/routes/users/account/account.store';
import type { Db } from '@db/db';
import type { ssoConfigs } from '@db/schema';
import { domainAllowed } from '@domain/identity/sso';
import type { UserRow } from '../auth.store';
import { userByEmail } from '../login/login.store';
import type { IdClaims } from './sso.oidc';

export type Refusal =
  | 'SSO_EMAIL_NOT_VERIFIED'
  | 'SSO_DOMAIN_NOT_ALLOWED'
  | 'SSO_OTHER_COMPANY'
  | 'SSO_ACCOUNT_DISABLED';

const text = (v: unknown, max = 100) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

export async function ssoUser(
  db: Db,
  config: typeof ssoConfigs.$inferSelect,
  domains: string[],
  claims: IdClaims,
  audit: (userId: number, email: string) => AuditEntry,
): Promise<{ user: UserRow; provisioned: boolean } | { refusal: Refusal }> {
  const email = text(claims.email, 254)?.toLowerCase();
  if (!email || claims.email_verified !== true) return { refusal: 'SSO_EMAIL_NOT_VERIFIED' };
  if (!domainAllowed(email, domains)) return { refusal: 'SSO_DOMAIN_NOT_ALLOWED' };
  const existing = await userByEmail(db, email);
  if (existing) {
    if (existing.companyId !== config.companyId) return { refusal: 'SSO_OTHER_COMPANY' };
    if (existing.status !== 'active') return { refusal: 'SSO_ACCOUNT_DISABLED' };
    return { user: existing, provisioned: false };
  }
  const user = await insertUser(db, {
    companyId: config.companyId,
    email,
    passwordHash: null,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    corporateGroupId: config.defaultCorporateGroupId,
    status: 'active',
  });
  const roles = JSON.parse(config.defaultRolesJson) as number[];
  await writeCreated(db, user.id, { roles, rfidIds: [] }, audit(user.id, email));
  return { user, provisioned: true };
}
