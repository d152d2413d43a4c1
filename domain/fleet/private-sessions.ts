/**
 * @module Which sessions of private users a company may see (spec 7.8 users/private, service settings
 * 53-56): 53 private (private and home stations), 54 private and other non-public (work too), 55 all;
 * 56 "private e-mail on active sessions": the e-mail of a private user's session in progress is shown
 * only with it (GDPR: hidden by default).
 */
import { SERVICE } from '@domain/permissions/service-settings';

export const PRIVATE_SESSION_SCOPES = ['none', 'private', 'private_and_other', 'all'] as const;
export type PrivateSessionScope = (typeof PRIVATE_SESSION_SCOPES)[number];
export type NonPublicStationType = 'private' | 'home' | 'work';

/** Which sessions the company may see: the widest of settings 55, 54, 53. */
export function sessionScope(services: readonly number[]): PrivateSessionScope {
  if (services.includes(SERVICE.PRIVATE_USERS_ALL_SESSIONS)) return 'all';
  if (services.includes(SERVICE.PRIVATE_USERS_PRIVATE_AND_OTHER_SESSIONS)) return 'private_and_other';
  if (services.includes(SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS)) return 'private';
  return 'none';
}

/** The station types whose sessions the scope shows; null for every type ('all'), [] for none. */
export function visibleStationTypes(scope: PrivateSessionScope): NonPublicStationType[] | null {
  if (scope === 'private') return ['private', 'home'];
  if (scope === 'private_and_other') return ['private', 'home', 'work'];
  if (scope === 'all') return null;
  return [];
}

/** Whether a private user's session e-mail is hidden: the session in progress and service setting 56 off. */
export function hidesSessionEmail(services: readonly number[], status: string): boolean {
  return status === 'in_progress' && !services.includes(SERVICE.PRIVATE_EMAIL_ON_ACTIVE_SESSIONS);
}
