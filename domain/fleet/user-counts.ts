/** @module The fleet overview's user counts (spec 7.8 users/count): deleted users left out when service setting 42 hides them. */

export interface UserCounts {
  total: number;
  active: number;
  deleted: number;
  charging: number;
  idle: number;
  near_limit: number;
}

/** From the stored totals (all users, deleted ones, active ones charging) and the users near a limit. */
export function userCounts(
  stored: { total: number; deleted: number; charging: number },
  nearLimit: number,
  hideDeleted: boolean,
): UserCounts {
  const active = stored.total - stored.deleted;
  return {
    total: hideDeleted ? active : stored.total,
    active,
    deleted: hideDeleted ? 0 : stored.deleted,
    charging: stored.charging,
    idle: active - stored.charging,
    near_limit: nearLimit,
  };
}
