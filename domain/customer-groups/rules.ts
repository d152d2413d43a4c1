/**
 * @module The decisions of the customer groups API (spec 7.14 `customer-type`): which companies a group
 * may link and its members come from, when a group may be deleted, what its user privacy withholds.
 */

/** Whether any of `ids` (linked companies named in a body) lies outside the caller's company tree. */
export function outsideScope(ids: readonly number[], scope: readonly number[]): boolean {
  return ids.some((id) => !scope.includes(id));
}

/** The companies whose users may join a group: the caller's tree and the companies linked to the group. */
export function joinableCompanies(scope: readonly number[], linked: readonly number[]): number[] {
  return [...new Set([...scope, ...linked])];
}

/** A group may be deleted only while no tariff names it and no user is a member of it. */
export function groupInUse(refs: { tariffs: number; users: number }): boolean {
  return refs.tariffs > 0 || refs.users > 0;
}

/**
 * Under user privacy the member list's keyword is only a user id: the id it names, or 0 (no user) when
 * it is not a positive integer.
 */
export function privateKeywordId(keyword: string): number {
  const id = Number(keyword);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** The identity fields of a member as the group's user privacy allows: all null when it is on. */
export function visibleIdentity<T extends Record<string, string | null>>(
  userPrivacy: boolean,
  identity: T,
): { [K in keyof T]: T[K] | null } {
  if (!userPrivacy) return identity;
  return Object.fromEntries(Object.keys(identity).map((k) => [k, null])) as { [K in keyof T]: null };
}

/** The overview's `userGroupId` query repeats the path's group id; a different one is a validation error. */
export function overviewIdMismatch(pathId: number, queryId: number | undefined): boolean {
  return queryId !== undefined && queryId !== pathId;
}

/** A group's session list is the e-mobility provider's view: another variant asked for is refused. */
export function sessionVariantRefused(variant: string | undefined): boolean {
  return Boolean(variant) && variant !== 'emp';
}
