/** @module Hiding stations (ADR 025): all the stations asked for or none, and only those whose state changes are written. */

export type HideDecision<S> = { missing: string } | { missing: null; changing: S[] };

/** The first uid not found in the caller's tree, or the stations whose hidden flag `hidden` changes. */
export function hideDecision<S extends { uid: string; hidden: boolean }>(
  requested: readonly string[],
  found: readonly S[],
  hidden: boolean,
): HideDecision<S> {
  const missing = requested.find((uid) => !found.some((s) => s.uid === uid));
  if (missing !== undefined) return { missing };
  return { missing: null, changing: found.filter((s) => s.hidden !== hidden) };
}
