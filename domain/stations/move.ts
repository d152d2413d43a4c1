/**
 * @module Moving stations to another operator company of the caller's tree (ADR 025): which request
 * is refused and why. Only stations a company of the tree operates move; none may already be there.
 */

export type MoveRefusal =
  | { reason: 'targetOutsideTree' }
  | { reason: 'stationNotFound'; id: number }
  | { reason: 'alreadyThere'; id: number };

export interface MoveFacts {
  /** The target company when it is an operator of the caller's tree, else null. */
  target: { id: number } | null;
  /** The station ids asked for, without repeats. */
  requested: readonly number[];
  /** The requested stations operated by a company of the tree. */
  found: readonly { id: number; companyId: number }[];
}

/** The first reason the move is refused, in the order the caller reads them, or null when it may go ahead. */
export function moveRefusal({ target, requested, found }: MoveFacts): MoveRefusal | null {
  if (!target) return { reason: 'targetOutsideTree' };
  const missing = requested.find((id) => !found.some((s) => s.id === id));
  if (missing !== undefined) return { reason: 'stationNotFound', id: missing };
  const already = found.find((s) => s.companyId === target.id);
  return already ? { reason: 'alreadyThere', id: already.id } : null;
}
