/** @module Rules of maintenance tickets (spec 7.17): who resolved a ticket and when, and the maintainer overview's counts. */

/** Who resolved a ticket and when, as stored. */
export interface Resolution {
  resolvedByUserId: number | null;
  resolvedAt: Date | null;
}

/**
 * Who resolved the ticket and when after a save by `userId` at `now` that leaves it `resolved`:
 * stamped when it becomes resolved (a new ticket filed resolved included), kept while it stays
 * resolved, cleared when it is reopened. `before` is the stored ticket, null for a new one.
 */
export function resolutionAfterSave(
  before: (Resolution & { resolved: boolean }) | null,
  resolved: boolean,
  userId: number,
  now: Date,
): Resolution {
  if (!resolved) return { resolvedByUserId: null, resolvedAt: null };
  if (before?.resolved) return { resolvedByUserId: before.resolvedByUserId, resolvedAt: before.resolvedAt };
  return { resolvedByUserId: userId, resolvedAt: now };
}

/**
 * The overview's counts from the number of tickets per priority and state: open tickets by
 * priority (every priority present, 0 when none), and the open and resolved totals.
 */
export function ticketCounts<P extends string>(
  priorities: readonly P[],
  rows: readonly { priority: P; resolved: boolean; n: number }[],
) {
  const counts: Record<string, number> = Object.fromEntries(priorities.map((p) => [p, 0]));
  let open = 0;
  let resolved = 0;
  for (const r of rows) {
    if (r.resolved) resolved += r.n;
    else {
      open += r.n;
      counts[r.priority] = (counts[r.priority] ?? 0) + r.n;
    }
  }
  return { counts, open, resolved };
}
