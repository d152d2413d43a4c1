/**
 * @module Company lifecycle rules (issue 20 part 1, ADR 050), pure so the API and the screens agree:
 * where a company may move in the tree, and whether it may be deleted.
 */
import type { MessageKey } from '@i18n/messages';

export interface TreeLink {
  id: number;
  parentCompanyId: number | null;
}

/** Ids of `rootId` and every company under it, following parent links (a cycle in the data is cut). */
export function subtreeIds(links: readonly TreeLink[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const l of links) {
    if (l.parentCompanyId === null) continue;
    children.set(l.parentCompanyId, [...(children.get(l.parentCompanyId) ?? []), l.id]);
  }
  const seen = new Set<number>([rootId]);
  const queue = [rootId];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop() as number) ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  return seen;
}

/**
 * Why `companyId` may not move under `newParentId`, or null: never under itself or one of its own
 * descendants (the tree would become a cycle), never under a closed company.
 */
export function moveError(
  links: readonly TreeLink[],
  companyId: number,
  newParent: { id: number; isClosed: boolean },
): MessageKey | null {
  if (subtreeIds(links, companyId).has(newParent.id)) return 'companyMoveCycle';
  if (newParent.isClosed) return 'companyParentClosed';
  return null;
}

export interface DeleteFacts {
  /** The name the caller typed to confirm. */
  typedName: string;
  name: string;
  /** Child companies not deleted. */
  children: number;
  stations: number;
  /** The company is the caller's own (the one their account belongs to). */
  isCallersOwn: boolean;
}

/** Compares names the way a person reads them: trimmed, case and repeated spaces ignored. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Why the company may not be deleted, or null. The typed name must match; a company with child
 * companies or stations is refused (move them first), so no station, session or invoice is orphaned;
 * a user cannot delete the company their own account belongs to.
 */
export function deleteError(f: DeleteFacts): MessageKey | null {
  if (!sameName(f.typedName, f.name)) return 'companyDeleteNameMismatch';
  if (f.isCallersOwn) return 'companyDeleteOwn';
  if (f.children > 0) return 'companyDeleteHasChildren';
  if (f.stations > 0) return 'companyDeleteHasStations';
  return null;
}
