/**
 * @module Who reads which news (issue 20 part 8). A news item is for everyone of its company, for
 * its fleet users (people without a back-office role: drivers, private users) or for its back-office
 * staff (people holding a back-office role). Self-charge (55) is a private user's role, not staff.
 * A news item shows from its publication until its expiry (none: until deleted).
 */
import { effectiveRoles, ROLE } from '@domain/permissions/roles';

export type NewsAudience = 'all' | 'users' | 'staff';

/** Whether the roles make their holder back-office staff: any back-office role but self-charge. */
export function isStaff(roles: readonly number[]): boolean {
  return effectiveRoles(roles).some((r) => r !== ROLE.SELF_CHARGE);
}

/** The audiences whose news a holder of these roles reads: everyone's, and staff's or fleet users'. */
export function audiencesOf(roles: readonly number[]): NewsAudience[] {
  return ['all', isStaff(roles) ? 'staff' : 'users'];
}

/** Whether a news item is in the feed at `now`: published, not yet expired. */
export function isShowing(item: { publishedAt: Date; expiresAt: Date | null }, now: Date): boolean {
  return item.publishedAt.getTime() <= now.getTime() && (item.expiresAt === null || item.expiresAt > now);
}

/** The dates' problem, if any: an expiry must come after the publication. */
export function datesProblem(publishedAt: Date, expiresAt: Date | null): 'newsExpiryOrder' | null {
  return expiresAt !== null && expiresAt.getTime() <= publishedAt.getTime() ? 'newsExpiryOrder' : null;
}
