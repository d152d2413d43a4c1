/**
 * @module What an imported user row points at (spec 7.8 users/import): its corporate group named or
 * numbered, and in the uuid variant its card. Pure: the API gathers the groups and cards, these decide
 * which row is linked to what and which row is in error.
 */
import type { ImportedRow, RowIssue } from '@domain/import/users-import';

/**
 * Each row's corporate group: a name matching exactly one group of the scope (case and surrounding
 * spaces ignored), else a group id of the scope; a name matching several groups is ambiguous.
 */
export function resolveCorporateGroups(
  rows: readonly Pick<ImportedRow, 'row' | 'corporateGroup'>[],
  groups: readonly { id: number; name: string }[],
): { groupIds: Map<string, number>; issues: RowIssue[] } {
  const byName = new Map<string, number[]>();
  for (const g of groups) {
    const key = g.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), g.id]);
  }
  const ids = new Set(groups.map((g) => g.id));
  const groupIds = new Map<string, number>();
  const issues: RowIssue[] = [];
  for (const r of rows) {
    const named = byName.get(r.corporateGroup.toLowerCase()) ?? [];
    const asId = /^\d+$/.test(r.corporateGroup) ? Number(r.corporateGroup) : null;
    const issue = (message: RowIssue['message']) =>
      issues.push({ row: r.row, column: 'corporate_group', value: r.corporateGroup, message });
    if (named.length === 1 && named[0] !== undefined) groupIds.set(r.corporateGroup, named[0]);
    else if (named.length > 1) issue('importGroupAmbiguous');
    else if (asId !== null && ids.has(asId)) groupIds.set(r.corporateGroup, asId);
    else issue('importGroupNotFound');
  }
  return { groupIds, issues };
}

export interface StoredCard {
  id: number;
  uuid: string;
  company_id: number;
  user_id: number | null;
  status: string;
}

/**
 * The rows' UUIDs against the stored cards: a UUID no card has makes a new card; a free active card of
 * the scope is handed over; any other card (another company's, blocked, unlinked, or someone's) is an error.
 */
export function matchCards(
  rows: readonly Pick<ImportedRow, 'row' | 'rfidUuid'>[],
  cards: readonly StoredCard[],
  scope: readonly number[],
): { existingCards: Map<string, number>; issues: RowIssue[] } {
  const byUuid = new Map(cards.map((card) => [card.uuid, card]));
  const existingCards = new Map<string, number>();
  const issues: RowIssue[] = [];
  for (const r of rows) {
    const card = r.rfidUuid ? byUuid.get(r.rfidUuid) : undefined;
    if (!card || !r.rfidUuid) continue;
    const value = r.rfidUuid;
    if (!scope.includes(card.company_id) || card.status !== 'active')
      issues.push({ row: r.row, column: 'rfid_uuid', value, message: 'rfidUuidExists' });
    else if (card.user_id !== null)
      issues.push({ row: r.row, column: 'rfid_uuid', value, message: 'rfidAlreadyAssigned' });
    else existingCards.set(value, card.id);
  }
  return { existingCards, issues };
}
